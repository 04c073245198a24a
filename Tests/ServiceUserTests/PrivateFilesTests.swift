import DatabaseClient
import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import TestSupport
import Testing
import UserModel

/// The files ServiceUser creates are private, and none is read or written through a link.
@Suite("ServiceUser's files are private")
struct PrivateFilesTests {
  @Test("after a sign-in and a user database, under umask 022 in a 0755 folder: 0600 and 0700")
  func modesAfterSignIn() async throws {
    let folder = try TemporaryDirectory(prefix: "service-user")
    defer { folder.remove() }
    #expect(chmod(folder.url.path, 0o755) == 0)
    let previousMask = umask(0o022)
    defer { umask(previousMask) }
    let session = Fixtures.session()
    let service = try Self.service(in: folder) { _ in .json(200, Fixtures.json(session)) }

    #expect(try await service.signIn(identifier: "ann@example.com", password: "s3cretpass")
      == .signedIn(session))
    let annDB = try await service.userDatabase(for: Fixtures.ann.id)
    try annDB.execute("CREATE TABLE notes (body TEXT)")
    try annDB.execute("INSERT INTO notes (body) VALUES (?)", ["private"])

    let sessionFile = FileSessionStore(directory: folder.url("Session"))
      .fileURL(for: AccountKey(session)).lastPathComponent
    let files = [
      "accounts.sqlite", "accounts.sqlite-wal", "accounts.sqlite-shm", "Session/" + sessionFile,
      "Session/accounts.plist", "users/user-usr_ann.sqlite", "users/user-usr_ann.sqlite-wal",
      "users/user-usr_ann.sqlite-shm",
    ]
    for file in files { #expect(try Self.mode(folder.path(file)) == 0o600, "\(file)") }
    for child in ["users", "Session"] {
      #expect(try Self.mode(folder.path(child)) == 0o700, "\(child)")
    }
  }

  @Test("a link planted at the session file is not read; the next save moves it aside")
  func sessionFileLinkIsNotFollowed() throws {
    let folder = try TemporaryDirectory(prefix: "service-user")
    defer { folder.remove() }
    let planted = FileSessionStore(directory: folder.url("Elsewhere"))
    try planted.save(Fixtures.session(Fixtures.dan))
    let target = planted.fileURL(for: AccountKey(Fixtures.session(Fixtures.dan)))
    let before = try Data(contentsOf: target)
    let store = FileSessionStore(directory: folder.url("Session"))
    try FileManager.default.createDirectory(
      at: folder.url("Session"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(at: store.fileURL, withDestinationURL: target)

    #expect(throws: AuthFailure.self) { try store.load() }
    try store.save(Fixtures.session())
    #expect(try store.load() == Fixtures.session())
    #expect(try Data(contentsOf: target) == before)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    let aside = try #require(names.first { $0.hasPrefix("session.plist.unreadable-") })
    let link = folder.path("Session/" + aside)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target.path)
  }

  @Test("a link planted at the account database is moved aside; its target is not modified")
  func accountDatabaseLinkIsMovedAside() async throws {
    let session = Fixtures.session()
    let harness = try Harness { _ in .json(200, Fixtures.json(session)) }
    defer { harness.folder.remove() }
    let target = harness.folder.path("elsewhere")
    #expect(FileManager.default.createFile(atPath: target, contents: Data()))
    try FileManager.default.createSymbolicLink(
      atPath: harness.folder.path("accounts.sqlite"), withDestinationPath: target)

    #expect(try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
      == .signedIn(session))
    #expect(await harness.service.knownAccounts() == [Fixtures.ann])
    #expect(try Data(contentsOf: URL(fileURLWithPath: target)).isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path)
    #expect(names.contains { $0.hasPrefix("accounts.sqlite.moved-aside-") })
  }

  /// A service whose account database, `users/` folder and `Session/` are in `folder`.
  private static func service(
    in folder: TemporaryDirectory, _ handler: @escaping FakeTransport.Handler
  ) throws -> ServiceUser {
    let client = NetworkClient(
      baseURL: try #require(URL(string: "http://127.0.0.1:9")), transport: FakeTransport(handler),
      retryPolicy: .none)
    return ServiceUser(
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("Session")),
      userDatabasesFolder: folder.url("users"))
  }

  private static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}

import Foundation
import LoginCore
import ServiceUser
import TestSupport
import Testing
import UserModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("FileSessionStore")
struct FileSessionStoreTests {
  @Test("a saved session loads back equal, in a 0600 file inside a 0700 folder")
  func roundTripAndPermissions() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let session = Fixtures.session()
    try store.save(session)
    #expect(try store.load() == session)
    let file = store.fileURL(for: AccountKey(session))
    #expect(try permissions(of: file.path) == 0o600)
    #expect(try permissions(of: folder.path("Session/accounts.plist")) == 0o600)
    #expect(try permissions(of: folder.path("Session")) == 0o700)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    #expect(
      leftovers.sorted() == [file.lastPathComponent, "accounts.plist", "accounts.plist.lock"])
  }

  @Test("no file means no session; clearing twice is fine")
  func missingFileIsNil() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    #expect(try store.load() == nil)
    try store.save(Fixtures.session(Fixtures.dan))
    try store.clear()
    try store.clear()
    #expect(try store.load() == nil)
  }

  @Test("a corrupt file is reported, kept byte for byte, and set aside by the next save")
  func corruptFileIsKept() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try FileManager.default.createDirectory(
      at: folder.url("Session"), withIntermediateDirectories: true)
    let garbage = Data("bplist00 not really".utf8)
    try garbage.write(to: store.fileURL)
    #expect(throws: AuthFailure.unavailable(.sessionUnreadable("not a session property list"))) {
      try store.load()
    }
    #expect(throws: AuthFailure.self) { try store.load() }
    #expect(try Data(contentsOf: store.fileURL) == garbage)

    try store.save(Fixtures.session())
    #expect(try store.load() == Fixtures.session())
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    let aside = try #require(names.first { $0.hasPrefix("session.plist.unreadable-") })
    #expect(try Data(contentsOf: folder.url("Session/" + aside)) == garbage)
  }

  @Test("a corrupt account file is reported, kept byte for byte, and set aside by a save")
  func corruptAccountFileIsKept() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let garbage = Data("bplist00 not really".utf8)
    let file = store.fileURL(for: AccountKey(Fixtures.session()))
    try store.save(Fixtures.session(number: 2))
    try garbage.write(to: file)
    #expect(throws: AuthFailure.unavailable(.sessionUnreadable("not a session property list"))) {
      try store.load()
    }
    #expect(throws: AuthFailure.self) { try store.load() }
    #expect(try Data(contentsOf: file) == garbage)

    try store.save(Fixtures.session())
    #expect(try store.load() == Fixtures.session())
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    let aside = try #require(
      names.first { $0.hasPrefix(file.lastPathComponent + ".unreadable-") })
    #expect(try Data(contentsOf: folder.url("Session/" + aside)) == garbage)
  }

  @Test("a session from a newer format is refused with its version, and cleared aside")
  func newerFormatIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    let file = store.fileURL(for: AccountKey(Fixtures.session()))
    var plist = try #require(
      PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        as? [String: Any])
    plist["formatVersion"] = 4
    let newer = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    try newer.write(to: file)
    #expect(throws: AuthFailure.refused(.updateRequired)) { try store.load() }
    try store.clear()
    #expect(try store.load() == nil)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
      .filter { !$0.hasPrefix("accounts.plist") }
    #expect(names.count == 1 && names[0].hasPrefix(file.lastPathComponent + ".unreadable-"))
  }

  @Test("a format-2 file (no issuer) reads as the same session with no issuer")
  func formatTwoIsRead() throws {
    var plist = try #require(
      PropertyListSerialization.propertyList(
        from: UserSessionPropertyListCoder.encode(Fixtures.session()), format: nil)
        as? [String: Any])
    plist["formatVersion"] = 2
    plist["issuer"] = nil
    let old = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    var expected = Fixtures.session()
    expected.issuer = nil
    #expect(try UserSessionPropertyListCoder.decode(old) == expected)
  }

  @Test("a path that cannot be read as a file is unreadable, not signed out")
  func unreadablePath() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: true)
    #expect {
      try store.load()
    } throws: { error in
      guard case .unavailable(.sessionUnreadable) = error as? AuthFailure else { return false }
      return true
    }
  }

  @Test("the stored property list carries format version 3 and no password-like field")
  func storedFormat() throws {
    var session = Fixtures.session()
    session.idToken = "a.b.c"
    session.scope = "openid"
    let data = try UserSessionPropertyListCoder.encode(session)
    let plist = try #require(
      PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["formatVersion"] as? Int == 3)
    #expect(plist["userID"] as? String == "usr_ann")
    #expect(plist["issuer"] as? String == Fixtures.issuer)
    #expect(Set(plist.keys) == [
      "formatVersion", "userID", "identifier", "email", "name", "type", "accessToken",
      "accessTokenExpiresAt", "refreshToken", "refreshTokenExpiresAt", "idToken", "scope",
      "issuer",
    ])
    #expect(try UserSessionPropertyListCoder.decode(data) == session)
    let unnamed = Fixtures.session(Fixtures.dan)
    #expect(try UserSessionPropertyListCoder.decode(UserSessionPropertyListCoder.encode(unnamed))
      == unnamed)
  }

  @Test("a malformed account type in the file is corrupt")
  func unknownTypeIsCorrupt() throws {
    let data = try UserSessionPropertyListCoder.encode(Fixtures.session())
    var plist = try #require(
      PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    plist["type"] = "Pilot 1"
    let changed = try PropertyListSerialization.data(
      fromPropertyList: plist, format: .binary, options: 0)
    #expect(throws: AuthFailure.unavailable(.sessionUnreadable("malformed account type"))) {
      try UserSessionPropertyListCoder.decode(changed)
    }
  }

  @Test("an app's own account type is kept as it is, through the file and back")
  func appTypeRoundTrips() throws {
    var session = Fixtures.session()
    session.user.type = UserType("dispatcher")
    let data = try UserSessionPropertyListCoder.encode(session)
    #expect(try UserSessionPropertyListCoder.decode(data) == session)
    #expect(try UserSessionPropertyListCoder.decode(data).user.type.rawValue == "dispatcher")
  }

  /// A session file as the release before format 2 wrote it (format 1, binary property
  /// list: Ann, a driver, with Koober's token pair), kept byte for byte.
  static let formatOneFile = """
    YnBsaXN0MDDZAQIDBAUGBwgJCgsMDQ4PEBESXWZvcm1hdFZlcnNpb25WdXNlcklEVWVtYWlsVG5hbWVUdHlwZVV0b2\
    tlbllleHBpcmVzQXRccmVmcmVzaFRva2VuXxAQcmVmcmVzaEV4cGlyZXNBdBABWnVzcl83UUsyTVhfEA9hbm5AZXhh\
    bXBsZS5jb21TQW5uVmRyaXZlcl8QHHRva19aazNwUTl2VzF4WTdiTjRjUjhzVDJ1SDYzQchYxwQAAABfEBxyZnRfTT\
    VuQjd2Qzl4WjFhUzNkRjVnSDdqSzlsM0HIbIvCAAAACBspMDY7QEZQXXByfY+TmrnC4QAAAAAAAAEBAAAAAAAAABMA\
    AAAAAAAAAAAAAAAAAADq
    """

  @Test("a format-1 file is read as the same session and rewritten in format 3 on load")
  func formatOneIsMigrated() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let old = try #require(Data(base64Encoded: Self.formatOneFile))
    try FileManager.default.createDirectory(
      at: folder.url("Session"), withIntermediateDirectories: true)
    try old.write(to: store.fileURL)
    #expect(try UserSessionPropertyListCoder.formatVersion(of: old) == 1)
    let expected = UserSession(
      user: User(
        id: "usr_7QK2MX", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
        type: .driver),
      accessToken: "tok_Zk3pQ9vW1xY7bN4cR8sT2uH6",
      accessTokenExpiresAt: Date(timeIntervalSince1970: 1_795_249_800),
      refreshToken: "rft_M5nB7vC9xZ1aS3dF5gH7jK9l",
      refreshTokenExpiresAt: Date(timeIntervalSince1970: 1_797_840_900))
    #expect(try store.load() == expected)
    // Moved into its account's file on the way, and rewritten there.
    let file = store.fileURL(for: AccountKey(expected))
    #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    let rewritten = try Data(contentsOf: file)
    #expect(try UserSessionPropertyListCoder.formatVersion(of: rewritten) == 3)
    #expect(try UserSessionPropertyListCoder.decode(rewritten) == expected)
    #expect(try permissions(of: file.path) == 0o600)
    #expect(try store.load() == expected)
  }

  @Test("a format-1 identifier that is not an email is not taken for the person's email")
  func formatOneUsername() throws {
    let record: [String: Any] = [
      "formatVersion": 1, "userID": "42", "email": "rita", "type": "rider", "token": "at",
      "expiresAt": Fixtures.start, "refreshToken": "rt", "refreshExpiresAt": Fixtures.start,
    ]
    let data = try PropertyListSerialization.data(
      fromPropertyList: record, format: .binary, options: 0)
    let session = try UserSessionPropertyListCoder.decode(data)
    #expect(session.user.identifier == "rita")
    #expect(session.user.email == nil)
    #expect(session.refreshToken == "rt")
  }

  @Test("a session without refresh token, ID token or scope round-trips through the file")
  func minimalSessionRoundTrips() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let session = UserSession(
      user: User(id: "42", identifier: "rita", name: nil, type: UserType("rider")),
      accessToken: "at", accessTokenExpiresAt: Fixtures.start)
    try store.save(session)
    #expect(try store.load() == session)
  }

  private func permissions(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }
}

@Suite("FileSessionStore after a kill -9")
struct FileSessionStoreLeftoverTests {
  @Test("a temporary file nobody holds is removed at the next read, however new; a held one stays")
  func leftoverRemoved() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    let file = store.fileURL(for: AccountKey(Fixtures.session())).lastPathComponent
    let dead = folder.url("Session").appendingPathComponent(file + ".tmp-DEAD")
    let busy = folder.url("Session").appendingPathComponent(file + ".tmp-BUSY")
    // Written a moment ago by a process killed before its rename: it holds a live session.
    try UserSessionPropertyListCoder.encode(Fixtures.session(number: 2)).write(to: dead)
    try Data("in progress".utf8).write(to: busy)
    // A write in progress holds its temporary file locked until the rename.
    let writer = open(busy.path, O_RDONLY | O_CLOEXEC)
    #expect(writer >= 0)
    defer { close(writer) }
    #expect(flock(writer, LOCK_EX) == 0)

    #expect(try store.load() == Fixtures.session())
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    #expect(
      names.sorted() == [file, file + ".tmp-BUSY", "accounts.plist", "accounts.plist.lock"])
  }

  // The child is the SessionCrashChild executable (Tests/SessionCrashChild), built with the
  // tests because this target depends on it: a real process saving sessions, killed for real.
  @Test("SIGKILL while saving: the session file stays whole, and the next read leaves no copy")
  func realKill() async throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let session = folder.url("Session")
    for round in 0..<12 {
      let child = try ChildProcess(
        executable: BuiltProducts.executable(named: "SessionCrashChild"),
        arguments: [session.path])
      #expect(await child.read(through: "saving\n", timeout: .seconds(90)) == "saving\n")
      try await Task.sleep(for: .milliseconds(5 + 7 * round))
      child.signal(SIGKILL)
      #expect(await child.waitForExit() == .killed(signal: SIGKILL))
      // Whatever the moment of the kill, the session file is a whole session.
      let stored = try FileSessionStore(directory: session).load()
      #expect(stored?.accessToken.hasPrefix("access-") == true)
    }
    // Each load above, started right after a kill, already removed what the kill left.
    #expect(try Self.temporaryFiles(in: session) == [])
  }

  private static func temporaryFiles(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.contains(".tmp-")
    }
  }
}

@Suite("FileSessionStore in a folder made by someone else")
struct FileSessionStoreForeignFolderTests {
  static var isRoot: Bool { geteuid() == 0 }

  @Test(
    "a session folder of another user is refused, and nothing is written in it",
    .enabled(if: isRoot, "only root can give a folder to another user"))
  func anotherUsersFolderIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let session = folder.url("Session")
    #expect(mkdir(session.path, 0o777) == 0)
    #expect(chown(session.path, 65534, 65534) == 0)
    let store = FileSessionStore(directory: session)

    #expect(throws: AuthFailure.unavailable(.storage(
      "the folder \(session.path) cannot be used (it belongs to another user)"))
    ) {
      try store.save(Fixtures.session())
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: session.path) == [])
  }

  @Test("a 0777 session folder and a 0644 session file of the user's own are made 0700 and 0600")
  func openFolderIsNarrowed() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    let file = store.fileURL(for: AccountKey(Fixtures.session()))
    #expect(chmod(folder.path("Session"), 0o777) == 0)
    #expect(chmod(file.path, 0o644) == 0)

    #expect(try store.load() == Fixtures.session())
    #expect(Self.mode(file.path) == 0o600)
    try store.save(Fixtures.session(number: 2))
    #expect(Self.mode(folder.path("Session")) == 0o700)
  }

  @Test("a session file others could write is refused, not narrowed, and set aside by a save")
  func writableFileIsRefused() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    try store.save(Fixtures.session())
    let file = store.fileURL(for: AccountKey(Fixtures.session()))
    // Another user may have written it, or hold it open to write the next session too.
    #expect(chmod(file.path, 0o666) == 0)

    #expect(throws: AuthFailure.unavailable(.sessionUnreadable("other users could write it"))) {
      try store.load()
    }
    #expect(Self.mode(file.path) == 0o666)
    try store.save(Fixtures.session(number: 2))
    #expect(try store.load() == Fixtures.session(number: 2))
    #expect(Self.mode(file.path) == 0o600)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path("Session"))
    #expect(names.contains { $0.hasPrefix(file.lastPathComponent + ".unreadable-") })
  }

  private static func mode(_ path: String) -> Int {
    var status = stat()
    return lstat(path, &status) == 0 ? Int(status.st_mode & 0o7777) : -1
  }
}

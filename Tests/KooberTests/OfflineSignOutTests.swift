import Foundation
import KooberBackend
import Testing
import TestSupport

/// Issue 32 item 2 end to end: `koober sign-out` with the server stopped queues the
/// revocation, and a later command, the server back on the same port and data, sends it.
@Suite("offline sign-out, sent later")
struct OfflineSignOutTests {
  static let queued =
    "koober: Signed out on this device; Koober's server will be told when it can be reached.\n"

  /// A backend in the test process that can be stopped and started again on its port.
  final class Server: @unchecked Sendable {  // Used by one test at a time, on its task.
    var configuration: KooberBackend.Configuration
    var backend: KooberBackend

    init(folder: URL, refreshLifetime: TimeInterval? = nil) throws {
      configuration = KooberBackend.Configuration(dataDirectory: folder)
      configuration.passwordIterations = 1000
      if let refreshLifetime {
        configuration.refreshTokenLifetime = refreshLifetime
        configuration.accessTokenLifetime = refreshLifetime / 2
      }
      backend = try KooberBackend.start(configuration)
      configuration.port = UInt16(backend.baseURL.port ?? 0)
    }

    var url: String { backend.baseURL.absoluteString }

    func restart() throws { backend = try KooberBackend.start(configuration) }

    /// The status `POST /v1/auth/refresh` answers for `token`.
    func refreshStatus(_ token: String) async -> Int? {
      await RawClient.request(
        port: configuration.port, "POST", "/v1/auth/refresh",
        headers: ["Host: 127.0.0.1", "Content-Type: application/json"],
        body: "{\"refreshToken\":\"\(token)\"}")?.status
    }
  }

  /// Signs Ann up through `server`, stops it, signs out.
  /// - Returns: Her refresh token and the queue file's path.
  static func signOutOffline(
    _ fixture: KooberFixture, _ server: Server, environment: [String: String] = [:],
    says sentence: String = queued, then done: String = "Signed out.\n"
  ) async throws -> (token: String, queue: String) {
    let signUp = try await fixture.run(
      ["--server", server.url, "sign-up", "--email", "ann@example.com", "--type", "passenger",
       "--password-stdin"], stdin: "Pass1234\n")
    try #require(signUp.status == 0, "sign-up failed: \(signUp.stderr)")
    let sessionFile = try #require(find(under: fixture.dataFolder) { name in
      name.hasPrefix("account-") && name.hasSuffix(".plist")
    })
    let token = try #require(refreshToken(in: sessionFile))
    server.backend.stop()

    let signOut = try await fixture.run(
      ["--server", server.url, "sign-out"], extraEnvironment: environment)
    #expect(signOut.status == 0)
    #expect(signOut.stdout == done)
    #expect(signOut.stderr == sentence)
    let queue = sessionFile.deletingLastPathComponent()
      .appendingPathComponent("pending-revocations.json").path
    var status = stat()
    #expect(lstat(queue, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
    return (token, queue)
  }

  @Test("sign-out offline says so (exit 0); the next command sends it: the family is dead")
  func sentByNextCommand() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try Server(folder: fixture.folder.url("server"))
    let (token, queue) = try await Self.signOutOffline(fixture, server)
    #expect(!(try String(contentsOfFile: queue, encoding: .utf8).contains("ann@example.com")))

    try server.restart()
    defer { server.backend.stop() }
    #expect(try await fixture.run(["--server", server.url, "status"]).status == 4)
    #expect(server.backend.requests.count("POST", "/v1/auth/revoke") == 1)
    #expect(!FileManager.default.fileExists(atPath: queue))
    #expect(await server.refreshStatus(token) == 401)
  }

  @Test("the sentence in 简体中文")
  func sentenceInChinese() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try Server(folder: fixture.folder.url("server"))
    _ = try await Self.signOutOffline(
      fixture, server, environment: ["LANG": "zh_CN.UTF-8"],
      says: "koober: 已在本设备退出登录；待能连接到 Koober 服务器时会通知它。\n", then: "已退出登录。\n")
  }

  @Test("an entry whose refresh token expired meanwhile is dropped unsent")
  func expiredDroppedUnsent() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // Long enough for sign-up, sign-in and the offline sign-out on a loaded machine; the wait
    // below is measured from the expiry the queue recorded, not from this number.
    let server = try Server(folder: fixture.folder.url("server"), refreshLifetime: 40)
    let (_, queue) = try await Self.signOutOffline(fixture, server)
    // Past the expiry the queue recorded, whenever the sign-up happened.
    let expiry = try #require(Self.queuedExpiry(in: queue))
    try await Task.sleep(for: .seconds(max(0, expiry.timeIntervalSinceNow + 1)))

    try server.restart()
    defer { server.backend.stop() }
    #expect(try await fixture.run(["--server", server.url, "status"]).status == 4)
    #expect(server.backend.requests.count("POST", "/v1/auth/revoke") == 0)
    #expect(!FileManager.default.fileExists(atPath: queue))
  }

  @Test("a group-writable queue file is refused, naming it: nothing in it is sent")
  func groupWritableRefused() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let server = try Server(folder: fixture.folder.url("server"))
    let (token, queue) = try await Self.signOutOffline(fixture, server)
    #expect(chmod(queue, 0o620) == 0)

    try server.restart()
    defer { server.backend.stop() }
    // koober's own check of its data folder refuses it first, naming the file (exit 1);
    // ServiceUser refuses it too (OfflineSignOutQueueTests).
    let status = try await fixture.run(["--server", server.url, "status"])
    #expect(status.status == 1)
    #expect(status.stderr.contains("pending-revocations.json: other users could write it"))
    #expect(server.backend.requests.count("POST", "/v1/auth/revoke") == 0)
    #expect(await server.refreshStatus(token) == 200)
  }

  static func find(under folder: URL, named isNamed: (String) -> Bool) -> URL? {
    let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    while let url = walker?.nextObject() as? URL {
      if isNamed(url.lastPathComponent) { return url }
    }
    return nil
  }

  /// The expiry of the one entry in the queue file.
  static func queuedExpiry(in queue: String) -> Date? {
    struct Entry: Decodable { var expiresAt: Date }
    struct Contents: Decodable { var entries: [Entry] }
    guard let data = FileManager.default.contents(atPath: queue) else { return nil }
    return (try? JSONDecoder().decode(Contents.self, from: data))?.entries.first?.expiresAt
  }

  static func refreshToken(in file: URL) -> String? {
    guard let data = FileManager.default.contents(atPath: file.path),
      let root = try? PropertyListSerialization.propertyList(from: data, format: nil)
    else { return nil }
    return search(root)
  }

  private static func search(_ value: Any) -> String? {
    if let dictionary = value as? [String: Any] {
      if let token = dictionary["refreshToken"] as? String { return token }
      for child in dictionary.values {
        if let token = search(child) { return token }
      }
    }
    return nil
  }
}

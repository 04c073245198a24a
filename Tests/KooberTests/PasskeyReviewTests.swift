import Foundation
import TestSupport
import Testing

/// Issue 33's review of koober's passkey commands: no orphan key after a registration the
/// server refused, `passkey remove` forgets the local key, `sign-in --passkey --email` picks
/// that account's passkey, an id after `--`, and `serve --origin http://` for loopback only.
@Suite("koober passkeys: orphan keys, --email, ids after '--', http origins")
struct PasskeyReviewTests {
  /// The `.passkey` files anywhere under the data folder.
  static func keyFiles(_ fixture: KooberFixture) -> [String] {
    let all = FileManager.default.enumerator(atPath: fixture.dataFolder.path)?.allObjects ?? []
    return all.compactMap { $0 as? String }.filter { $0.hasSuffix(".passkey") }
  }

  @Test("an add the server refuses to finish leaves no key behind")
  func refusedAddLeavesNoKey() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    // The server takes only another origin: it refuses the client data of this device's
    // authenticator (https://localhost) when the registration finishes.
    let (server, url) = try await fixture.startServer(
      options: ["--origin", "https://elsewhere.koober.test"])
    try await fixture.signUp(on: url, "ann@example.com", type: "passenger")
    let added = try await fixture.run(on: url, ["passkey", "add"])
    #expect(added.status == 1, "\(added.stdout) \(added.stderr)")
    #expect(Self.keyFiles(fixture).isEmpty, "\(Self.keyFiles(fixture))")
    server.send(signal: SIGTERM)
    _ = try await server.finish()
  }

  @Test("'passkey remove ID' forgets this device's key too")
  func removeForgetsKey() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    let added = try await fixture.run(["passkey", "add"])
    let id = try #require(PasskeyCommandTests.addedID(added.stdout), "\(added.stderr)")
    #expect(Self.keyFiles(fixture).count == 1)
    let removed = try await fixture.run(["passkey", "remove", id])
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(Self.keyFiles(fixture).isEmpty, "\(Self.keyFiles(fixture))")
  }

  @Test("two accounts' passkeys here: '--email' picks that account's, none the newest")
  func emailPicksPasskey() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    for email in ["ann@example.com", "bob@example.com"] {
      try await fixture.signUp(email, type: "passenger")
      let added = try await fixture.run(["passkey", "add"])
      #expect(added.status == 0, "\(added.stderr)")
      #expect(try await fixture.run(["sign-out"]).status == 0)
    }
    #expect(Self.keyFiles(fixture).count == 2)
    let ann = try await fixture.run(["sign-in", "--passkey", "--email", "Ann@Example.com"])
    #expect(ann.status == 0, "\(ann.stderr)")
    #expect(ann.stdout == "Signed in as ann@example.com (passenger).\n")
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let newest = try await fixture.run(["sign-in", "--passkey"])
    #expect(newest.stdout == "Signed in as bob@example.com (passenger).\n", "\(newest.stderr)")
    #expect(try await fixture.run(["sign-out"]).status == 0)
    let withPassword = try await fixture.run(
      ["sign-in", "--passkey", "--email", "a@example.com", "--password-stdin"])
    #expect(withPassword.status == 2)
    #expect(withPassword.stderr.hasPrefix("koober: '--passkey' signs in alone, with at most "))
  }

  @Test("an id beginning with '--' goes after '--'; the details say so in both languages")
  func doubleDashID() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp("ann@example.com", type: "passenger")
    // Unknown to the server: refused by it (1), not by the parser (2).
    let removed = try await fixture.run(["passkey", "remove", "--", "--AbCdE"])
    #expect(removed.status == 1, "\(removed.stderr)")
    let renamed = try await fixture.run(["passkey", "rename", "--", "--AbCdE", "New"])
    #expect(renamed.status == 1, "\(renamed.stderr)")
    for (language, sentence) in [
      ("en", "An id that begins with '--' goes after '--'"),
      ("zh-Hans", "以 '--' 开头的 ID 请放在 '--' 之后"),
    ] {
      for command in ["remove", "rename"] {
        let help = try await fixture.run(["--lang", language, "passkey", command, "--help"])
        #expect(help.stdout.contains(sentence), "\(language) \(command): \(help.stdout)")
      }
    }
  }

  @Test(
    "'serve --origin http://' is refused (2) but for localhost and loopback, in en and zh-Hans",
    arguments: [
      ("en", "http://koober.test", "'--origin' may use http:// only for localhost"),
      ("en", "http://192.168.1.2:8080", "'--origin' may use http:// only for localhost"),
      ("zh-Hans", "http://app.koober.test", "'--origin' 只有对 localhost 或环回地址才能用 http://"),
    ])
  func insecureOrigin(language: String, origin: String, expected: String) async throws {
    let server = try KooberBinary.launch(["serve", "--lang", language, "--origin", origin])
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(2))
    #expect(await server.readOutputToEnd() == "")
    let stderr = await server.readErrorToEnd()
    #expect(stderr.contains(expected), "\(stderr)")
    #expect(stderr.contains(origin), "\(stderr)")
  }

  @Test(
    "'serve --origin http://' starts for localhost and loopback hosts",
    arguments: ["http://localhost:3000", "http://127.0.0.1:8080", "http://[::1]:8080"])
  func loopbackOrigin(origin: String) async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve-origin")
    defer { folder.remove() }
    let server = try ChildProcess(
      executable: KooberBinary.url,
      arguments: ["serve", "--port", "0", "--data-dir", folder.path("data"), "--origin", origin],
      environment: KooberBinary.environment(home: folder.url("home")))
    let line = await server.readLine(timeout: .seconds(60))
    #expect(line?.contains("listening") == true, "\(origin)")
    server.signal(SIGTERM)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(0))
  }
}

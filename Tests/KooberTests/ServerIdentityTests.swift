import Foundation
import Testing

@Suite("One session per server identity")
struct ServerIdentityTests {
  @Test("two issuers on one host keep apart; an old folder is adopted by the first, never taken")
  func twoIssuersOneHost() async throws {
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    let servers = fixture.dataFolder.appendingPathComponent("servers")
    // A folder as the release before identities left it: nothing recorded.
    let legacy = servers.appendingPathComponent("oidc-http-127.0.0.1-9")
    try FileManager.default.createDirectory(at: legacy, withIntermediateDirectories: true)
    try Data("kept".utf8).write(to: legacy.appendingPathComponent("marker"))

    let realmA = ["--oidc-issuer", "http://127.0.0.1:9/realms/a", "--client-id", "app"]
    let realmB = ["--oidc-issuer", "http://127.0.0.1:9/realms/b", "--client-id", "app"]
    _ = try await fixture.run(realmA + ["status"])
    _ = try await fixture.run(realmB + ["status"])
    _ = try await fixture.run(realmA + ["status"])

    let identity = try String(
      contentsOf: legacy.appendingPathComponent("identity"), encoding: .utf8)
    #expect(identity == "oidc http://127.0.0.1:9/realms/a app")
    #expect(try Data(contentsOf: legacy.appendingPathComponent("marker")) == Data("kept".utf8))
    let names = try FileManager.default.contentsOfDirectory(atPath: servers.path).sorted()
    #expect(names.count == 2)
    let other = try #require(names.first { $0 != "oidc-http-127.0.0.1-9" })
    #expect(other.hasPrefix("oidc-http-127.0.0.1-9-"))
    let otherIdentity = try String(
      contentsOf: servers.appendingPathComponent(other).appendingPathComponent("identity"),
      encoding: .utf8)
    #expect(otherIdentity == "oidc http://127.0.0.1:9/realms/b app")
    // Another client ID at the same issuer is another identity too.
    _ = try await fixture.run(
      ["--oidc-issuer", "http://127.0.0.1:9/realms/a", "--client-id", "other", "status"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: servers.path).count == 3)
  }
}

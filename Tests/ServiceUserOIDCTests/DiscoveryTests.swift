import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

@Suite("discovery: a document missing, malformed or for another issuer, a provider down")
struct DiscoveryTests {
  let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")

  @Test("a malformed document is server trouble, and a fixed one is read by the next call")
  func malformedDocument_isTrouble_andNotCached() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(.json(raw: #"{"issuer": "#))
    let api = OIDCAuthAPI(configuration: try fake.configuration())

    let text = try #require(trouble(await failure { try await api.signIn(ann) }))
    #expect(text.contains("is not a JSON object"))

    fake.answerGoodDiscovery()
    let signedIn = try await api.signIn(ann)
    #expect(session(of: signedIn)?.user.id == "u-1")
  }

  @Test("a document without token_endpoint is server trouble")
  func documentWithoutTokenEndpoint_isTrouble() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: ["issuer": "$base"])
    #expect(try await fake.signInTrouble().contains("no token_endpoint"))
  }

  @Test("a document naming another issuer is refused (OIDC Discovery §4.3)")
  func issuerMismatch_isTrouble() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(
      members: ["issuer": "https://evil.example", "token_endpoint": "$base/token"])
    let text = try await fake.signInTrouble()
    #expect(text.contains("https://evil.example"))
    #expect(text.contains("not the configured"))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("a document with a plain-http token endpoint on another host is refused")
  func insecureTokenEndpoint_isTrouble() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(
      members: ["issuer": "$base", "token_endpoint": "http://id.example.com/token"])
    #expect(try await fake.signInTrouble().contains("plain http to id.example.com"))
  }

  @Test("a provider that is down is offline, and once it is back the next call works")
  func providerDown_isOffline_andRecovers() async throws {
    // A port below the usual ephemeral range (32768-60999 on Linux, 49152- on macOS): once
    // closed, no other test's server on port 0 can be handed it before this one reopens it.
    let closed = try FakeProvider.belowEphemeralPorts()
    let port = closed.server.port
    let configuration = try closed.configuration()
    closed.server.stop()
    let api = OIDCAuthAPI(configuration: configuration)

    #expect(await failure { try await api.signIn(ann) } == .unavailable(.offline))

    let back = try FakeProvider(port: port)
    let signedIn = try await api.signIn(ann)
    #expect(session(of: signedIn)?.user.email == "ann@example.com")
    back.server.stop()
  }

  @Test("calls that arrive during the first discovery share it: the provider is asked once")
  func concurrentFirstCalls_shareOneDiscovery() async throws {
    let fake = try FakeProvider()
    let asked = Recorder()
    let document = try await fake.discoveryDocument()
    fake.server.route(.get, "/.well-known/openid-configuration") { request in
      await asked.record(request)
      // Long enough that every call below arrives while this one is under way.
      try? await Task.sleep(for: .milliseconds(500))
      return .json(raw: document)
    }
    let api = OIDCAuthAPI(configuration: try fake.configuration())

    let users = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 { group.addTask { try await api.currentUser(accessToken: "at").id } }
      return try await group.reduce(into: []) { $0.append($1) }
    }

    #expect(users == Array(repeating: "u-1", count: 8))
    #expect(await asked.all.count == 1)
  }

  @Test("no answer within the timeout is a timeout")
  func slowDiscovery_timesOut() async throws {
    let fake = try FakeProvider()
    fake.server.route(.get, "/.well-known/openid-configuration") { _ in
      try? await Task.sleep(for: .seconds(20))
      return .json(raw: "{}")
    }
    let api = OIDCAuthAPI(configuration: try fake.configuration(timeout: .seconds(1)))
    #expect(await failure { try await api.signIn(ann) } == .unavailable(.timeout))
  }

  @Test("a discovery body over 1 MiB is refused")
  func oversizedDocument_isTrouble() async throws {
    let fake = try FakeProvider()
    let padding = String(repeating: " ", count: (1 << 20) + 1)
    fake.answerDiscovery(.json(raw: padding + "{}"))
    #expect(try await fake.signInTrouble().contains("over 1 MiB"))
  }

  @Test("a deeply nested document is server trouble, not a crash")
  func deeplyNestedDocument_isTrouble() async throws {
    let fake = try FakeProvider()
    let depth = 100_000
    fake.answerDiscovery(
      .json(raw: String(repeating: "[", count: depth) + String(repeating: "]", count: depth)))
    #expect(try await fake.signInTrouble().contains("not a JSON object"))
  }

  @Test("a plain-http issuer that is not loopback is refused when configured")
  func insecureIssuer_isRefused() throws {
    #expect(throws: OIDCConfigurationError.insecureURL(role: "issuer", host: "id.example.com")) {
      try OIDCConfiguration(
        issuer: try url("http://id.example.com/k"), clientID: "koober", defaultUserType: .passenger)
    }
    #expect(throws: OIDCConfigurationError.emptyClientID) {
      try OIDCConfiguration(
        issuer: try url("https://id.example.com"), clientID: "", defaultUserType: .passenger)
    }
    _ = try OIDCConfiguration(
      issuer: try url("http://localhost:9/o"), clientID: "c", defaultUserType: .passenger)
    _ = try OIDCConfiguration(
      issuer: try url("http://[::1]:9/o"), clientID: "c", defaultUserType: .passenger)
  }
}

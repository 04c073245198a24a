import Foundation
import NetworkClient
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A request that carries credentials never follows a redirect, opted in or not: the next hop
/// would not see them, so its answer is no verdict on them, and a secret body stays put.
@Suite("Redirects: a request carrying credentials gets its 3xx back")
struct RedirectCredentialTests {
  static let base = URL(string: "https://api.example.com")!
  static let follows = TransferLimits(followsSameOriginRedirects: true)

  @Test("an opted-in authorized GET gets its 302: no second hop, no renewal, no sign-out")
  func authorizedRedirectReturned() async throws {
    // Followed, the hop without the token would answer 401 and sign the user out.
    let transport = ScriptTransport([
      .init(status: 302, headers: ["Location": "/moved"]), .init(status: 401),
    ])
    let tokens = TestTokens("token-1")
    let hook = HookRecorder()
    let client = NetworkClient(
      baseURL: Self.base, transport: transport, authorization: tokens,
      onUnauthorized: hook.hook, retryPolicy: .none, clock: RecordingClock())
    let endpoint = Endpoint(
      .get, "/me", requiresAuthorization: true, limits: Self.follows)
    await #expect(throws: NetworkError.http(status: 302, body: Data())) {
      try await client.response(for: endpoint)
    }
    #expect(transport.sent.map { $0.url?.path } == ["/me"])
    #expect(transport.authorizations == ["Bearer token-1"])
    #expect(await tokens.refreshCount == 0)
    #expect(hook.errors.isEmpty)
  }

  @Test(
    "an opted-in 307 or 308 with a password or client secret body is the answer",
    arguments: [307, 308])
  func credentialBodyStays(status: Int) async throws {
    let transport = ScriptTransport([
      .init(status: status, headers: ["Location": "/elsewhere"]), .init(status: 200),
    ])
    let client = NetworkClient(
      baseURL: Self.base, transport: transport, retryPolicy: .none, clock: RecordingClock())
    let endpoint = Endpoint(
      .post, "/token", body: Data("password=PW-SECRET".utf8), limits: Self.follows,
      carriesCredentials: true)
    await #expect(throws: NetworkError.http(status: status, body: Data())) {
      try await client.response(for: endpoint)
    }
    #expect(transport.sent.map { $0.url?.path } == ["/token"])
  }

  @Test("the bare transport's send(_:timeout:limits:) keeps a 307 with a token too")
  func bareTransportAuthorizationStays() async throws {
    let transport = ScriptTransport([
      .init(status: 307, headers: ["Location": "/next"]), .init(status: 200),
    ])
    var request = URLRequest(url: Self.base.appendingPathComponent("x"))
    request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
    let (_, response) = try await transport.send(
      request, timeout: .seconds(5), limits: Self.follows)
    #expect(response.statusCode == 307)
    #expect(transport.sent.count == 1)
  }

  @Test("the bare transport refuses plain http off loopback unless the caller opts out")
  func bareTransportURLPolicy() async throws {
    let transport = ScriptTransport([.init(status: 200)])
    let request = URLRequest(url: try #require(URL(string: "http://api.example.com/x")))
    await #expect(throws: NetworkError.insecureURL(host: "api.example.com")) {
      try await transport.send(request, timeout: .seconds(5), limits: .default)
    }
    #expect(transport.sent.isEmpty)
    let (_, response) = try await transport.send(
      request, timeout: .seconds(5), limits: .default, allowsInsecureHTTP: true)
    #expect(response.statusCode == 200)
    let loopback = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9/x")))
    _ = try await transport.send(loopback, timeout: .seconds(5), limits: .default)
    #expect(transport.sent.count == 2)
  }
}

import Foundation
import NetworkClient
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("The pipeline: one order of stages over any transport")
struct PipelineOrderTests {
  static let base = URL(string: "https://api.example.com")!

  static func client(
    _ transport: ScriptTransport, tokens: TestTokens? = nil, hook: HookRecorder? = nil,
    retryPolicy: RetryPolicy = .fast, stages: [any NetworkStage] = [],
    logger: (@Sendable (String) -> Void)? = nil
  ) -> NetworkClient {
    NetworkClient(
      baseURL: base, transport: transport, authorization: tokens, onUnauthorized: hook?.hook,
      retryPolicy: retryPolicy, clock: RecordingClock(), logger: logger, stages: stages)
  }

  @Test("a rejected token renews once: two rejections, two sends, the hook hears it once")
  func renewsOnce() async throws {
    let transport = ScriptTransport([.init(status: 401)])
    let hook = HookRecorder()
    let tokens = TestTokens("token-1")
    // A policy that retries 401s must not resend a rejected token: that is renewal's call.
    let policy = RetryPolicy(baseDelay: .milliseconds(1), statuses: [401, 503])
    let client = Self.client(transport, tokens: tokens, hook: hook, retryPolicy: policy)
    await #expect(throws: NetworkError.http(status: 401, body: Data())) {
      try await client.response(for: Endpoint(.get, "/me", requiresAuthorization: true))
    }
    #expect(transport.authorizations == ["Bearer token-1", "Bearer token-2"])
    #expect(hook.errors == [.http(status: 401, body: Data())])
    #expect(await tokens.rejectedTokens == ["token-1"])
  }

  @Test("retries sit inside authorization: one renewal per request, however many attempts")
  func retryInsideAuthorization() async throws {
    // token-1 is rejected; token-2 meets a 503, is retried, and is rejected too.
    let transport = ScriptTransport([
      .init(status: 401), .init(status: 503), .init(status: 401), .init(status: 200),
    ])
    let tokens = TestTokens("token-1")
    let hook = HookRecorder()
    let client = Self.client(transport, tokens: tokens, hook: hook)
    await #expect(throws: NetworkError.http(status: 401, body: Data())) {
      try await client.response(for: Endpoint(.get, "/me", requiresAuthorization: true))
    }
    #expect(transport.authorizations == ["Bearer token-1", "Bearer token-2", "Bearer token-2"])
    #expect(await tokens.refreshCount == 1)
    #expect(hook.errors.count == 1)
  }

  @Test("an opted-in same-origin redirect is sent without Cookie")
  func sameOriginRedirectWithoutCredentials() async throws {
    // A request with a token never follows (RedirectCredentialTests); a cookie does not
    // stop it, and is dropped.
    let transport = ScriptTransport([
      .init(status: 307, headers: ["Location": "/new"]), .init(status: 200),
    ])
    let client = Self.client(transport, tokens: TestTokens("token-1"))
    let endpoint = Endpoint(
      .get, "/old", headers: ["Cookie": "a=b"],
      limits: TransferLimits(followsSameOriginRedirects: true))
    #expect(try await client.response(for: endpoint).status == 200)
    #expect(transport.sent.map { $0.url?.path } == ["/old", "/new"])
    #expect(transport.authorizations == [nil, nil])
    #expect(transport.sent.map { $0.value(forHTTPHeaderField: "Cookie") } == ["a=b", nil])
  }

  @Test("a cross-origin 3xx is the answer: nothing is sent to its target, opted in or not")
  func crossOriginReturned() async throws {
    for follows in [false, true] {
      let transport = ScriptTransport([
        .init(status: 302, headers: ["Location": "https://evil.example.com/steal"]),
      ])
      let client = Self.client(transport, tokens: TestTokens("token-1"))
      let endpoint = Endpoint(
        .get, "/x", requiresAuthorization: true,
        limits: TransferLimits(followsSameOriginRedirects: follows))
      await #expect(throws: NetworkError.http(status: 302, body: Data())) {
        try await client.response(for: endpoint)
      }
      #expect(transport.sent.map { $0.url?.host } == ["api.example.com"])
    }
  }

  @Test("a limit stops a retried answer too: 503, then a 200 past the limit")
  func limitAfterRetry() async throws {
    let transport = ScriptTransport([
      .init(status: 503), .init(status: 200, body: Data(count: 2 << 20)),
    ])
    let client = Self.client(transport)
    let endpoint = Endpoint(.get, "/big", limits: TransferLimits(maximumBodySize: 1 << 20))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await client.response(for: endpoint)
    }
    #expect(transport.sent.count == 2)
  }

  @Test("a redirect target holding a user name and password is refused before it is sent")
  func redirectTargetUserInfo() async throws {
    let transport = ScriptTransport([
      .init(status: 307, headers: ["Location": "https://ann:pw@api.example.com/next"]),
      .init(status: 200),
    ])
    let client = Self.client(transport, retryPolicy: .none)
    let endpoint = Endpoint(.get, "/x", limits: TransferLimits(followsSameOriginRedirects: true))
    await #expect(throws: NetworkError.userInfoInURL(host: "api.example.com")) {
      try await client.response(for: endpoint)
    }
    #expect(transport.sent.count == 1)
  }

  @Test("a URL an app stage leads to passes the URL policy: http off loopback is refused")
  func appStageURLChecked() async throws {
    let transport = ScriptTransport([.init(status: 200)])
    let client = Self.client(transport, stages: [Downgrade()])
    await #expect(throws: NetworkError.insecureURL(host: "mirror.example.com")) {
      try await client.response(for: Endpoint(.get, "/x"))
    }
    #expect(transport.sent.isEmpty)
  }

  @Test("an app stage sees every attempt, after the token and before the log, and adds a header")
  func appStageSeesAttempts() async throws {
    let transport = ScriptTransport([.init(status: 503), .init(status: 503), .init(status: 200)])
    let seen = Shared([String]())
    let lines = Shared([String]())
    let client = Self.client(
      transport, tokens: TestTokens("token-1"), stages: [Tagging(seen: seen)],
      logger: { line in lines.update { $0.append(line) } })
    let answer = try await client.response(
      for: Endpoint(.get, "/me", requiresAuthorization: true))
    #expect(answer.status == 200)
    #expect(
      seen.value == [
        "0 Bearer token-1", "1 Bearer token-1", "2 Bearer token-1",
      ])
    #expect(transport.sent.map { $0.value(forHTTPHeaderField: "X-Attempt") } == ["0", "1", "2"])
    #expect(lines.value.count == 3)
    #expect(lines.value.allSatisfy { $0.contains("X-Attempt") })
  }

  @Test("an app stage can answer without the transport")
  func appStageShortCircuits() async throws {
    let transport = ScriptTransport([.init(status: 500)])
    let client = Self.client(transport, stages: [Cached()])
    let answer = try await client.response(for: Endpoint(.get, "/cached"))
    #expect(String(decoding: answer.data, as: UTF8.self) == "from the stage")
    #expect(transport.sent.isEmpty)
  }

  @Test("with(authorization:…) keeps the app's stages")
  func stagesCarried() async throws {
    let transport = ScriptTransport([.init(status: 500)])
    let client = Self.client(transport, stages: [Cached()])
      .with(authorization: TestTokens("t"), onUnauthorized: nil)
    #expect(client.stages.count == 1)
    _ = try await client.response(for: Endpoint(.get, "/cached"))
    #expect(transport.sent.isEmpty)
  }
}

/// Records each attempt it sees (its number and token) and tags the request with it.
private struct Tagging: NetworkStage {
  let seen: Shared<[String]>

  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    let token = exchange.request.value(forHTTPHeaderField: "Authorization") ?? "none"
    seen.update { $0.append("\(exchange.attempt) \(token)") }
    var tagged = exchange
    tagged.request.setValue("\(exchange.attempt)", forHTTPHeaderField: "X-Attempt")
    return try await next(tagged)
  }
}

/// Sends every request to a plain-http mirror.
private struct Downgrade: NetworkStage {
  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    var moved = exchange
    moved.request.url = URL(string: "http://mirror.example.com/x")
    return try await next(moved)
  }
}

/// Answers `/cached` itself.
private struct Cached: NetworkStage {
  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    guard exchange.request.url?.path == "/cached", let url = exchange.request.url,
      let head = HTTPURLResponse(
        url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
    else { return try await next(exchange) }
    return NetworkResponse(data: Data("from the stage".utf8), response: head)
  }
}

import Foundation
import LoopbackServer
import NetworkClient
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The pipeline's rules over both real transports (libcurl on Linux, and URLSession), against
/// a real loopback server: the same tests, the same stages, either engine underneath.
@Suite("The pipeline over real transports")
struct PipelineTransportTests {
  @Test(
    "a limit stops a retried answer too: 503, then a 200 past the limit",
    arguments: TransportKind.allCases)
  func limitAfterRetry(kind: TransportKind) async throws {
    let h = try Harness(transport: kind.make())
    defer { h.stop() }
    let attempts = Shared(0)
    let big = Data(repeating: 0x61, count: 3 << 20)
    h.server.route(.get, "/big") { _ in
      let attempt = attempts.update { count -> Int in
        count += 1
        return count
      }
      return attempt == 1
        ? .error(status: 503, code: "unavailable", message: "Busy.")
        : HTTPResponse(status: 200, body: big).withHeader("Content-Type", "application/json")
    }
    let endpoint = Endpoint(.get, "/big", limits: TransferLimits(maximumBodySize: 1 << 20))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await h.client.response(for: endpoint)
    }
    #expect(attempts.value == 2)
    #expect(h.clock.sleeps.count == 1)
  }

  @Test(
    "a limit stops a retried streamed answer too: 503, then a body without Content-Length",
    arguments: TransportKind.allCases)
  func limitAfterRetryStreamed(kind: TransportKind) async throws {
    // No length is announced, so only counting the body as it arrives can stop it.
    let server = try StreamingServer(busy: 1)
    let clock = RecordingClock()
    let base = try #require(URL(string: "http://127.0.0.1:\(server.port)"))
    let client = NetworkClient(
      baseURL: base, transport: kind.make(), retryPolicy: .fast, timeout: .seconds(60),
      clock: clock)
    let endpoint = Endpoint(.get, "/stream", limits: TransferLimits(maximumBodySize: 1 << 20))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await client.response(for: endpoint)
    }
    #expect(clock.sleeps.count == 1)
    if let bound = kind.stoppedBelow {
      let total = try await Self.sentWhenStopped(by: server)
      #expect(total < bound, "the server sent \(total >> 20) MiB")
    }
  }

  /// What `server` had sent once its client went away; fails when it was still sending 5 s
  /// after the refusal (the transfer did not stop).
  static func sentWhenStopped(by server: StreamingServer) async throws -> Int {
    for _ in 0..<200 {
      if let sent = server.sent { return sent }
      try await Task.sleep(for: .milliseconds(25))
    }
    return try #require(server.sent, "the server was still sending 5 s after the refusal")
  }

  @Test(
    "an opted-in 303 to a POST is followed as a GET without body; with a token it is not",
    arguments: TransportKind.allCases)
  func seeOtherBecomesGet(kind: TransportKind) async throws {
    let h = try Harness(
      retryPolicy: .none, transport: kind.make(), authorization: TestTokens("token-1"))
    defer { h.stop() }
    let seen = Shared([String]())
    h.server.route(.post, "/form") { request in
      seen.update { $0.append("POST \(request.header("Authorization") ?? "-")") }
      return HTTPResponse(status: 303).withHeader("Location", "/done")
    }
    h.server.route(.get, "/done") { request in
      let body = request.body.isEmpty ? "no body" : "a body"
      seen.update { $0.append("GET \(request.header("Authorization") ?? "-") \(body)") }
      return .json(raw: "{}")
    }
    let follows = TransferLimits(followsSameOriginRedirects: true)
    let plain = Endpoint(.post, "/form", body: Data(#"{"a": 1}"#.utf8), limits: follows)
    #expect(try await h.client.response(for: plain).status == 200)
    var authorized = plain
    authorized.requiresAuthorization = true
    await #expect {
      try await h.client.response(for: authorized)
    } throws: { error in
      guard case .http(let status, _) = error as? NetworkError else { return false }
      return status == 303
    }
    #expect(seen.value == ["POST -", "GET - no body", "POST Bearer token-1"])
  }

  @Test(
    "a redirect to a URL holding a password is refused before it is contacted",
    arguments: TransportKind.allCases)
  func userInfoTargetRefused(kind: TransportKind) async throws {
    let h = try Harness(retryPolicy: .none, transport: kind.make())
    defer { h.stop() }
    let port = try #require(h.server.baseURL.port)
    h.server.route(.get, "/x") { _ in
      HTTPResponse(status: 307).withHeader("Location", "http://ann:pw@127.0.0.1:\(port)/next")
    }
    h.server.route(.get, "/next") { _ in .json(raw: "{}") }
    let endpoint = Endpoint(.get, "/x", limits: TransferLimits(followsSameOriginRedirects: true))
    await #expect(throws: NetworkError.userInfoInURL(host: "127.0.0.1")) {
      try await h.client.response(for: endpoint)
    }
    #expect(h.server.requestCount == 1)
  }

  @Test(
    "the bare transport's send(_:timeout:limits:) runs the same transfer rules",
    arguments: TransportKind.allCases)
  func announcedLengthRefused(kind: TransportKind) async throws {
    let h = try Harness(retryPolicy: .none, transport: kind.make())
    defer { h.stop() }
    h.server.route(.get, "/big") { _ in
      HTTPResponse(status: 200, body: Data(repeating: 0x61, count: 2 << 20))
    }
    let request = URLRequest(url: h.server.baseURL.appendingPathComponent("big"))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await kind.make().send(
        request, timeout: .seconds(60), limits: TransferLimits(maximumBodySize: 1 << 20))
    }
  }

  @Test(
    "URLSession's direct send(_:timeout:to:) asks for identity when the request names none")
  func directSendAsksIdentity() async throws {
    // Left alone, URLSession asks for gzip and inflates ahead of the receiver's count
    // (libcurl asks for nothing unless told).
    let kind = TransportKind.urlSession
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    let asked = Shared([String]())
    h.server.route(.get, "/enc") { request in
      asked.update { $0.append(request.header("Accept-Encoding") ?? "-") }
      return .json(raw: "{}")
    }
    let request = URLRequest(url: h.server.baseURL.appendingPathComponent("enc"))
    let head = try await kind.make().send(
      request, timeout: .seconds(30), to: StoppingReceiver(after: 1 << 20))
    #expect(head.statusCode == 200)
    #expect(asked.value == ["identity"])
  }

  @Test(
    "a receiver gets the head, then the body piece by piece, and its refusal stops the transfer",
    arguments: TransportKind.allCases)
  func receiverStops(kind: TransportKind) async throws {
    let server = try StreamingServer()
    let receiver = StoppingReceiver(after: 256 << 10)
    await #expect(throws: NetworkError.unexpectedResponse("enough")) {
      try await kind.make().send(URLRequest(url: server.url), timeout: .seconds(60), to: receiver)
    }
    let events = receiver.events
    #expect(events.first == "head 200")
    #expect(events.dropFirst().allSatisfy { $0 == "piece" })
    #expect(events.count > 1)
    // Stopped, not read to the end: the server's ceiling is 1 GiB.
    if let bound = kind.stoppedBelow {
      let total = try await Self.sentWhenStopped(by: server)
      #expect(total < bound, "the server sent \(total >> 20) MiB")
    }
  }
}

extension TransportKind {
  /// Less than a transfer that stopped when refused has the endless server send (the limit
  /// plus the sockets' buffers), or `nil` where the engine cannot promise it:
  /// FoundationNetworking's URLSession may read the whole body (1 GiB here) after its task
  /// was cancelled, which is why Linux's default transport is CurlTransport.
  var stoppedBelow: Int? {
    #if canImport(FoundationNetworking)
      self == .urlSession ? nil : 64 << 20
    #else
      64 << 20
    #endif
  }
}

/// Records what it is handed and refuses the body past `limit` bytes.
private final class StoppingReceiver: ResponseReceiver {
  private let limit: Int
  private let state = Shared((events: [String](), bytes: 0))

  init(after limit: Int) { self.limit = limit }

  var events: [String] { state.value.events }

  func receive(head response: HTTPURLResponse) throws(NetworkError) {
    state.update { $0.events.append("head \(response.statusCode)") }
  }

  func receive(body piece: Data) throws(NetworkError) {
    let total = state.update { state -> Int in
      state.events.append("piece")
      state.bytes += piece.count
      return state.bytes
    }
    if total > limit { throw .unexpectedResponse("enough") }
  }
}

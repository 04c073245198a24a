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
    "an opted-in 303 to a POST is followed as a GET without body or token",
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
    let endpoint = Endpoint(
      .post, "/form", body: Data(#"{"a": 1}"#.utf8), requiresAuthorization: true,
      limits: TransferLimits(followsSameOriginRedirects: true))
    #expect(try await h.client.response(for: endpoint).status == 200)
    #expect(seen.value == ["POST Bearer token-1", "GET - no body"])
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

import Foundation
import LoopbackServer
import NetworkClient
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Redirects and answer sizes")
struct TransferLimitTests {
  @Test(
    "a 3xx answer is returned, never followed: the other origin receives nothing",
    arguments: TransportKind.allCases)
  func redirectNotFollowed(kind: TransportKind) async throws {
    for status in [301, 302, 303, 307, 308] {
      let other = try LoopbackServer()
      defer { other.stop() }
      let reached = Shared(0)
      other.route(.post, "/steal") { _ in
        reached.update { $0 += 1 }
        return .json(raw: #"{"id": 1, "name": "stolen"}"#)
      }
      let h = try Harness(
        retryPolicy: .none, transport: kind.make(), authorization: TestTokens("token-1"))
      defer { h.stop() }
      h.server.route(.post, "/v1/x") { _ in
        HTTPResponse(status: status).withHeader(
          "Location", other.baseURL.appendingPathComponent("steal").absoluteString)
      }
      let outcome = await TestRequest<Item>(.post, "/v1/x", authorized: true)
        .outcome(on: h.client)
      guard case .failure(.http(let answered, _)) = outcome else {
        Issue.record("expected the \(status) itself, got \(outcome)")
        continue
      }
      #expect(answered == status)
      #expect(reached.value == 0)
    }
  }

  @Test(
    "an opted-in redirect stays on the origin and drops Cookie; with a token it is the answer",
    arguments: TransportKind.allCases)
  func sameOriginRedirect(kind: TransportKind) async throws {
    let seen = Shared([String]())
    let h = try Harness(
        retryPolicy: .none, transport: kind.make(), authorization: TestTokens("token-1"))
    defer { h.stop() }
    let describe = { @Sendable (request: HTTPRequest) -> String in
      "\(request.header("Authorization") ?? "-") \(request.header("Cookie") ?? "-")"
    }
    h.server.route(.get, "/old") { request in
      seen.update { $0.append("old \(describe(request))") }
      return HTTPResponse(status: 307).withHeader(
        "Location", h.server.baseURL.appendingPathComponent("new").absoluteString)
    }
    h.server.route(.get, "/new") { request in
      seen.update { $0.append("new \(describe(request))") }
      return .json(raw: #"{"id": 2, "name": "moved"}"#)
    }
    let follows = TransferLimits(followsSameOriginRedirects: true)
    let plain = Endpoint(.get, "/old", headers: ["Cookie": "a=b"], limits: follows)
    #expect(try await h.client.response(for: plain).status == 200)
    // The hop would not see the token, so its answer could say nothing about it.
    let authorized = Endpoint(.get, "/old", requiresAuthorization: true, limits: follows)
    await #expect {
      try await h.client.response(for: authorized)
    } throws: { error in
      guard case .http(let status, _) = error as? NetworkError else { return false }
      return status == 307
    }
    #expect(seen.value == ["old - a=b", "new - -", "old Bearer token-1 -"])
  }

  @Test("a redirect to another port, host or scheme is not followed even when opted in")
  func crossOriginRefused() throws {
    let limits = TransferLimits(followsSameOriginRedirects: true)
    let original = URLRequest(url: try #require(URL(string: "https://api.example.com/a")))
    for target in [
      "https://api.example.com:8443/b", "https://evil.example.com/b", "http://api.example.com/b",
    ] {
      let next = URLRequest(url: try #require(URL(string: target)))
      #expect(limits.redirect(to: next, from: original) == nil, "\(target)")
    }
    var same = URLRequest(url: try #require(URL(string: "https://API.example.com:443/b")))
    same.setValue("Bearer t", forHTTPHeaderField: "Authorization")
    same.setValue("a=b", forHTTPHeaderField: "Cookie")
    let followed = limits.redirect(to: same, from: original)
    #expect(followed?.url == same.url)
    #expect(followed?.value(forHTTPHeaderField: "Authorization") == nil)
    #expect(followed?.value(forHTTPHeaderField: "Cookie") == nil)
    #expect(TransferLimits().redirect(to: same, from: original) == nil)
  }

  @Test(
    "an answer past the limit is cancelled there: responseTooLarge, nothing kept",
    arguments: TransportKind.allCases)
  func bodyLimit(kind: TransportKind) async throws {
    let h = try Harness(retryPolicy: .none, transport: kind.make())
    defer { h.stop() }
    let big = Data(repeating: 0x61, count: 3 << 20)
    h.server.route(.get, "/big") { _ in
      HTTPResponse(status: 200, body: big).withHeader("Content-Type", "application/json")
    }
    let small = Endpoint(.get, "/big", limits: TransferLimits(maximumBodySize: 1 << 20))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await h.client.response(for: small)
    }
    // The same answer within the default 4 MiB is read whole.
    let whole = try await h.client.anyResponse(for: Endpoint(.get, "/big"))
    #expect(whole.data.count == 3 << 20)
  }

  @Test(
    "a compressed answer nobody asked for is refused at its header",
    arguments: TransportKind.allCases)
  func unaskedGzipRefused(kind: TransportKind) async throws {
    let h = try Harness(retryPolicy: .none, transport: kind.make())
    defer { h.stop() }
    let bomb = try #require(Data(base64Encoded: Self.gzippedZeros))
    let asked = Shared([String?]())
    h.server.route(.get, "/bomb") { request in
      asked.update { $0.append(request.header("Accept-Encoding")) }
      return HTTPResponse(status: 200, body: bomb).withHeader("Content-Encoding", "gzip")
        .withHeader("Content-Type", "application/json")
    }
    await #expect {
      try await h.client.anyResponse(for: Endpoint(.get, "/bomb"))
    } throws: { error in
      guard case .unexpectedResponse(let reason) = error as? NetworkError else { return false }
      return reason.contains("compressed")
    }
    #expect(asked.value == ["identity"])
  }

  @Test(
    "a gzip answer asked for counts after inflating: 2 KB on the wire, 2 MiB, refused",
    arguments: TransportKind.allCases)
  func gzipBomb(kind: TransportKind) async throws {
    let h = try Harness(retryPolicy: .none, transport: kind.make())
    defer { h.stop() }
    let bomb = try #require(Data(base64Encoded: Self.gzippedZeros))
    h.server.route(.get, "/bomb") { _ in
      HTTPResponse(status: 200, body: bomb).withHeader("Content-Encoding", "gzip")
        .withHeader("Content-Type", "application/json")
    }
    let endpoint = Endpoint(
      .get, "/bomb", headers: ["Accept-Encoding": "gzip"],
      limits: TransferLimits(maximumBodySize: 1 << 20))
    await #expect(throws: NetworkError.responseTooLarge(limit: 1 << 20)) {
      try await h.client.anyResponse(for: endpoint)
    }
  }

  /// 2 MiB of zero bytes, gzip-compressed to 2,067 bytes (Python's `gzip.compress`, level 9).
  static let gzippedZeros = """
    H4sIAAAAAAACA+3BMQEAAADCoPVPbQwfoAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\
    AAAAAAAAAAAAAAC+Bn6HiY0AACAA
    """
}

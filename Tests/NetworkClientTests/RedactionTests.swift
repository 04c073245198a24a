import Foundation
import LoopbackServer
import NetworkClient
import Testing

@Suite("Redaction of secrets in any JSON shape")
struct RedactionTests {
  /// Secrets under sensitive names as an object, an array, a number and an escaped name, with
  /// braces inside strings that a careless scanner would count.
  static let hostile = #"""
    {"profile": {"token": "tok-SECRET-1", "user": "ann"}, "password": ["pw-SECRET-2", "x"], \#
    "pass\u0077ord": "pw-SECRET-3", "code": 987654, \#
    "refresh_token": {"value": "rt-SECRET-4", "odd": ["}", "{]"]}, "kept": "visible"}
    """#

  static let redacted = #"""
    {"profile": {"token": "<redacted>", "user": "ann"}, "password": "<redacted>", \#
    "pass\u0077ord": "<redacted>", "code": "<redacted>", \#
    "refresh_token": "<redacted>", "kept": "visible"}
    """#

  @Test("a non-API error body keeps its shape, with every sensitive value redacted whole")
  func errorExcerpt() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    h.server.route(.get, "/odd") { _ in .json(status: 500, raw: Self.hostile) }
    let outcome = await TestRequest<Item>(.get, "/odd").outcome(on: h.client)
    guard case .failure(let error) = outcome, case .http(500, _) = error,
      let excerpt = error.excerpt
    else {
      Issue.record("expected a 500 with an excerpt, got \(outcome)")
      return
    }
    #expect(excerpt == Self.redacted)
    for text in [excerpt, error.description, error.message] {
      #expect(!text.contains("SECRET"), "leaked in: \(text)")
      #expect(!text.contains("987654"), "leaked in: \(text)")
    }
  }

  @Test("a logged request body and an endpoint's description redact the same way")
  func requestBody() async throws {
    let lines = Shared([String]())
    let h = try Harness(retryPolicy: .none, logger: { line in lines.update { $0.append(line) } })
    defer { h.stop() }
    h.server.route(.post, "/v1/x") { _ in .json(raw: #"{"id": 1, "name": "a"}"#) }
    let endpoint = Endpoint(.post, "/v1/x", body: Data(Self.hostile.utf8))
    _ = try await h.client.response(for: endpoint)
    #expect(lines.value.count == 1)
    #expect(lines.value.first?.contains("body: " + Self.redacted + " -> 200") == true)
    #expect("\(endpoint)" == "POST /v1/x body: " + Self.redacted)
  }

  @Test("dump of an HTTP error shows its redacted excerpt, never the raw body")
  func dumpedError() {
    let error = NetworkError.http(status: 400, body: Data(#"{"access_token":"SECRETX"}"#.utf8))
    var dumped = ""
    dump(error, to: &dumped)
    #expect(!dumped.contains("SECRETX"))
    #expect(dumped.contains("<redacted>"))
  }
}

@Suite("Endpoint.description's query")
struct EndpointQueryRedactionTests {
  @Test("a token-shaped query value under an ordinary name is redacted, like in log lines")
  func tokenShapedValue() {
    let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXZhbHVl"
    let endpoint = Endpoint(.get, "/v1/x", query: [URLQueryItem(name: "next", value: token)])
    #expect(!endpoint.description.contains(token))
    #expect(endpoint.description.contains("next=<redacted>"))
  }
}

import Foundation
import KooberWire
import LoopbackServer
import NetworkClient
import Testing

@Suite("Non-2xx answers")
struct ErrorShapeTests {
  /// One error answer of API.md: status, code and the extra fields it carries.
  struct Shape: Sendable, CustomTestStringConvertible {
    var status: Int
    var code: String
    var attemptsLeft: Int?
    var retryAfter: Int?
    var testDescription: String { "\(status) \(code)" }
  }

  static let apiShapes: [Shape] = [
    Shape(status: 400, code: "malformed_body"),
    Shape(status: 400, code: "malformed_query"),
    Shape(status: 401, code: "invalid_credentials"),
    Shape(status: 401, code: "invalid_code", attemptsLeft: 2),
    Shape(status: 401, code: "invalid_refresh_token"),
    Shape(status: 401, code: "refresh_token_reused"),
    Shape(status: 401, code: "invalid_token"),
    Shape(status: 401, code: "token_expired"),
    Shape(status: 403, code: "passengers_only"),
    Shape(status: 404, code: "not_found"),
    Shape(status: 405, code: "method_not_allowed"),
    Shape(status: 409, code: "email_taken"),
    Shape(status: 409, code: "invalid_transition"),
    Shape(status: 410, code: "challenge_expired"),
    Shape(status: 413, code: "body_too_large"),
    Shape(status: 422, code: "weak_password"),
    Shape(status: 423, code: "account_locked", retryAfter: 300),
    Shape(status: 429, code: "too_many_attempts"),
  ]

  @Test(
    "every error shape of API.md becomes .http with its body, which KooberWire reads",
    arguments: apiShapes)
  func apiErrorShapes(shape: Shape) async throws {
    let h = try Harness()
    defer { h.stop() }
    h.server.route(.post, "/v1/endpoint") { _ in
      var extra: [String: JSONValue] = [:]
      if let attempts = shape.attemptsLeft { extra["attemptsLeft"] = .int(attempts) }
      if let wait = shape.retryAfter { extra["retryAfter"] = .int(wait) }
      let response = HTTPResponse.error(
        status: shape.status, code: shape.code, message: "Words for \(shape.code).", extra: extra)
      return shape.retryAfter.map { response.withHeader("Retry-After", "\($0)") } ?? response
    }
    let outcome = await TestRequest<Item>(.post, "/v1/endpoint").outcome(on: h.client)
    var fields: [String: JSONValue] = [:]
    if let attempts = shape.attemptsLeft { fields["attemptsLeft"] = .number(Double(attempts)) }
    if let wait = shape.retryAfter { fields["retryAfter"] = .number(Double(wait)) }
    let server = ServerError(code: shape.code, message: "Words for \(shape.code).", fields: fields)
    guard case .failure(let error) = outcome, case .http(shape.status, let body) = error else {
      Issue.record("expected HTTP \(shape.status), got \(outcome)")
      return
    }
    #expect(ServerError(body: body) == server)
    #expect(error.serverError == server)
    // NetworkClient knows HTTP, not the server's codes.
    #expect(error.code == "http_\(shape.status)")
    #expect(error.serverError?.attemptsLeft == shape.attemptsLeft)
    #expect(error.serverError?.retryAfter == shape.retryAfter)
    #expect(h.server.requestCount == 1)
  }

  @Test("a non-JSON 500 (an HTML page) keeps the status and a capped excerpt")
  func htmlServerError() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    let page =
      "<!DOCTYPE html><html><body>" + String(repeating: "<p>Oops</p>", count: 500)
      + "</body></html>"
    h.server.route(.get, "/v1/users/me") { _ in
      .text(status: 500, page, contentType: "text/html")
    }
    let outcome = await TestRequest<Item>(.get, "/v1/users/me").outcome(on: h.client)
    guard case .failure(let error) = outcome, case .http(500, _) = error,
      let excerpt = error.excerpt
    else {
      Issue.record("expected an HTTP 500 with an excerpt, got \(outcome)")
      return
    }
    #expect(error.serverError == nil)
    #expect(excerpt.hasPrefix("<!DOCTYPE html><html><body><p>Oops</p>"))
    #expect(excerpt.hasSuffix("…"))
    #expect(excerpt.utf8.count <= NetworkError.excerptLimit + "…".utf8.count)
    if case .failure(let error) = outcome {
      #expect(error.code == "http_500")
      #expect(error.message == "The server answered with HTTP 500: the server failed.")
    }
  }

  @Test("a JSON body that is not API.md's error shape is kept as an excerpt")
  func otherJSONShape() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    h.server.route(.get, "/odd") { _ in .json(status: 418, raw: #"{"detail":"short"}"#) }
    let outcome = await TestRequest<Item>(.get, "/odd").outcome(on: h.client)
    #expect(outcome == .failure(.http(status: 418, body: Data(#"{"detail":"short"}"#.utf8))))
    guard case .failure(let error) = outcome else { return }
    #expect(error.excerpt == #"{"detail":"short"}"#)
    #expect(error.serverError == nil)
  }

  @Test("an error body is kept up to bodyLimit bytes, however long the answer")
  func bodyIsCapped() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    let long = String(repeating: "x", count: NetworkError.bodyLimit + 10_000)
    h.server.route(.get, "/long") { _ in .text(status: 500, long) }
    let outcome = await TestRequest<Item>(.get, "/long").outcome(on: h.client)
    guard case .failure(.http(500, let body)) = outcome else {
      Issue.record("expected HTTP 500, got \(outcome)")
      return
    }
    #expect(body.count == NetworkError.bodyLimit)
    #expect(body == Data(long.utf8.prefix(NetworkError.bodyLimit)))
  }

  @Test("an error without a body has an empty body and no excerpt")
  func emptyErrorBody() async throws {
    let h = try Harness(retryPolicy: .none)
    defer { h.stop() }
    h.server.route(.get, "/gone") { _ in HTTPResponse(status: 410) }
    let outcome = await TestRequest<Item>(.get, "/gone").outcome(on: h.client)
    #expect(outcome == .failure(.http(status: 410, body: Data())))
    guard case .failure(let error) = outcome else { return }
    #expect(error.excerpt == nil)
  }
}

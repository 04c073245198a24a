import Foundation
import LoopbackServer
import UserModel
import WireFormat

/// Adds the backend's routes to the server: counts each request, hands the handler a
/// `RequestContext`, and turns a thrown `APIError` into the HTTP contract's error body.
///
/// Route groups (`AuthRoutes`, `UserRoutes`, `OutboxRoutes`, …) each register theirs with
/// `add(_:_:_:)`.
struct BackendRouter: Sendable {
  /// A route handler: answers a response or throws the API error to send.
  typealias Handler = @Sendable (RequestContext) async throws(APIError) -> HTTPResponse

  let server: LoopbackServer
  let store: BackendStore
  let counter: RequestCounter

  /// Adds a route.
  /// - Parameters:
  ///   - method: the method.
  ///   - pattern: the path, `{name}` segments captured, e.g. `/v1/rides/{id}`.
  ///   - handler: the handler.
  func add(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
    let store = self.store
    let counter = self.counter
    server.route(method, pattern) { request in
      counter.record(method.rawValue, pattern)
      do throws(APIError) {
        try Self.checkMediaType(of: request)
        return try await handler(RequestContext(request: request, store: store))
      } catch {
        return Self.response(for: error)
      }
    }
  }

  /// The HTTP contract's `415`: a request with a body must say `Content-Type: application/json`
  /// (parameters such as `charset=utf-8` allowed, the media type compared case-insensitively),
  /// so an HTML form or a `text/plain` post from another site, which a browser sends without
  /// asking, never reaches a route. Checked after the server's 404, 405 and 413 and before any
  /// route's own checks. A request without a body (`POST /v1/auth/sign-out` with
  /// `Content-Length: 0`) needs no `Content-Type`.
  /// - Parameter request: the request.
  /// - Throws: `415 unsupported_media_type`.
  static func checkMediaType(of request: HTTPRequest) throws(APIError) {
    guard !request.body.isEmpty else { return }
    let fields = request.headers.values(for: "Content-Type")
    guard fields.count == 1,
      let mediaType = fields[0].split(separator: ";", omittingEmptySubsequences: false).first,
      mediaType.trimmingCharacters(in: .whitespaces).lowercased() == "application/json"
    else { throw .unsupportedMediaType }
  }

  /// The HTTP contract's error body for an error, with its extra fields and headers.
  /// - Parameter error: the error.
  /// - Returns: the response.
  static func response(for error: APIError) -> HTTPResponse {
    var response = HTTPResponse.error(
      status: error.status, code: error.code, message: error.message,
      extra: error.extra.mapValues { JSONValue.int($0) })
    for (name, value) in error.headers { response.headers[name] = value }
    return response
  }

  /// A JSON response, dates written as the HTTP contract asks (`2026-11-21T08:30:00Z`): whole
  /// seconds on every route, rides included, so a client that reads the HTTP contract's example
  /// format literally can read them all. Clients order ride updates by `updatedAt` with ties
  /// allowed.
  /// - Parameters:
  ///   - status: the status code.
  ///   - value: the value to encode.
  /// - Returns: the response.
  /// - Throws: `500` when the value cannot be encoded.
  static func json(status: Int = 200, _ value: some Encodable) throws(APIError) -> HTTPResponse {
    do {
      let body = try WireJSON.encoder().encode(value)
      return HTTPResponse(
        status: status, headers: ["Content-Type": HTTPResponse.jsonContentType], body: body)
    } catch {
      throw .internal("encoding the response")
    }
  }

  /// A JSON response that carries tokens or leads to them (a Session, a driver's challenge),
  /// marked `Cache-Control: no-store` as RFC 6749 §5.1 requires, and `Pragma: no-cache` for
  /// HTTP/1.0 caches, so no cache on the way keeps it.
  /// - Parameters:
  ///   - status: the status code.
  ///   - value: the value to encode.
  /// - Returns: the response.
  /// - Throws: `500` when the value cannot be encoded.
  static func uncachedJSON(
    status: Int = 200, _ value: some Encodable
  ) throws(APIError) -> HTTPResponse {
    var response = try json(status: status, value)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Pragma"] = "no-cache"
    return response
  }
}

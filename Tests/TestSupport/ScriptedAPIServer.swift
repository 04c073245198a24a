import Foundation
import LoopbackServer

/// A loopback server whose answers a test writes by hand, route by route: for checking that
/// the client modules accept any server that follows API.md (other date forms, extra fields,
/// omitted optionals) and fail clearly against one that does not (HTML, empty objects,
/// broken sessions).
///
/// ```swift
/// let server = try ScriptedAPIServer()
/// defer { server.stop() }
/// server.answer(.post, "/v1/auth/sign-in", .json(200, #"{"user": …}"#))
/// // … a NetworkClient at server.baseURL …
/// #expect(server.requests == ["POST /v1/auth/sign-in"])
/// ```
public final class ScriptedAPIServer: Sendable {
  /// The server; its unscripted paths answer API.md's 404 and 405.
  public let server: LoopbackServer
  private let log = RequestLog()

  /// Starts a server on a loopback port of its own.
  /// - Throws: `LoopbackServerError` when no port can be bound.
  public init() throws {
    server = try LoopbackServer()
  }

  /// `http://127.0.0.1:PORT`.
  public var baseURL: URL { server.baseURL }

  /// Every request so far as `METHOD /path`, in order of arrival.
  public var requests: [String] { log.entries }

  /// Scripts one route's answer, replacing any earlier script for it.
  /// - Parameters:
  ///   - method: the method.
  ///   - path: the path pattern, e.g. `/v1/rides/{id}`.
  ///   - response: what every request to it gets.
  public func answer(_ method: HTTPMethod, _ path: String, _ response: HTTPResponse) {
    answer(method, path) { _ in response }
  }

  /// Scripts one route with a handler, e.g. to answer differently by header.
  /// - Parameters:
  ///   - method: the method.
  ///   - path: the path pattern.
  ///   - handler: builds the answer from the request.
  public func answer(
    _ method: HTTPMethod, _ path: String,
    _ handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
  ) {
    let log = self.log
    server.route(method, path) { request in
      log.append("\(request.method.rawValue) \(request.path)")
      return handler(request)
    }
  }

  /// Stops the server without blocking the caller: `stop()` waits for handlers that need the
  /// same cooperative thread pool as the test.
  public func stop() {
    let server = self.server
    DispatchQueue.global().async { server.stop() }
  }
}

extension HTTPResponse {
  /// A JSON body given as text, with any `Content-Type` (API.md's by default), for scripts.
  /// - Parameters:
  ///   - status: the status.
  ///   - text: the body.
  ///   - contentType: the `Content-Type` header.
  /// - Returns: the response.
  public static func scripted(
    _ status: Int, _ text: String, contentType: String = jsonContentType
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
  }

  /// API.md's error body with a code and a message, with any extra fields as JSON text.
  /// - Parameters:
  ///   - status: the status.
  ///   - code: the error code.
  ///   - extra: more fields inside `error`, e.g. `"retryAfter": 30`.
  /// - Returns: the response.
  public static func apiError(_ status: Int, _ code: String, extra: String = "") -> HTTPResponse {
    let fields = extra.isEmpty ? "" : ", " + extra
    return scripted(
      status, #"{"error": {"code": "\#(code)", "message": "Scripted \#(code)."\#(fields)}}"#)
  }

  /// An HTML page, as a proxy or a misconfigured server might answer.
  /// - Parameter status: the status.
  /// - Returns: the response.
  public static func htmlPage(_ status: Int) -> HTTPResponse {
    scripted(
      status, "<html><body><h1>Sign in to the Wi-Fi</h1></body></html>",
      contentType: "text/html; charset=utf-8")
  }
}

/// The requests a scripted server received, behind a lock.
private final class RequestLog: @unchecked Sendable {
  // Guarded by `lock`.
  private let lock = NSLock()
  private var items: [String] = []

  var entries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return items
  }

  func append(_ entry: String) {
    lock.lock()
    defer { lock.unlock() }
    items.append(entry)
  }
}

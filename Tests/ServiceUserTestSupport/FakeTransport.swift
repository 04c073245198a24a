import Foundation
import NetworkClient

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One request as the fake transport saw it.
public struct SentRequest: Sendable {
  /// The HTTP method.
  public let method: String
  /// The URL's path.
  public let path: String
  /// The Authorization header, if any.
  public let authorization: String?
  /// The body; empty when there was none.
  public let body: Data

  /// The body's JSON object, or an empty one.
  public var json: [String: Any] {
    (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
  }
}

/// What the fake transport answers.
public enum FakeAnswer: Sendable {
  case json(Int, String)
  case empty(Int)
  /// A status with extra headers (e.g. `WWW-Authenticate`) and an empty body.
  case headers(Int, [String: String])
  case failure(NetworkError)

  /// An API.md error body.
  public static func error(_ status: Int, _ code: String, extra: String = "") -> FakeAnswer {
    let fields = extra.isEmpty ? "" : ", " + extra
    return .json(status, #"{"error": {"code": "\#(code)", "message": "m \#(code)"\#(fields)}}"#)
  }
}

/// An HTTPTransport that answers from a handler and records every request, for testing the
/// service layer alone.
public final class FakeTransport: HTTPTransport, @unchecked Sendable {
  /// Answers one request.
  public typealias Handler = @Sendable (SentRequest) async -> FakeAnswer

  private let lock = NSLock()
  private var sent: [SentRequest] = []
  private let handler: Handler

  /// Makes a transport that answers with `handler`.
  public init(_ handler: @escaping Handler) {
    self.handler = handler
  }

  /// Every request so far, in order.
  public var requests: [SentRequest] { lock.withLock { sent } }

  /// The paths of every request so far, in order.
  public var paths: [String] { requests.map(\.path) }

  /// Records the request and answers it from the handler.
  public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    let url = request.url ?? URL(fileURLWithPath: "/")
    let record = SentRequest(
      method: request.httpMethod ?? "GET", path: url.path,
      authorization: request.value(forHTTPHeaderField: "Authorization"),
      body: request.httpBody ?? Data())
    lock.withLock { sent.append(record) }
    let status: Int
    let data: Data
    var headers = ["Content-Type": "application/json; charset=utf-8"]
    switch await handler(record) {
    case .json(let code, let text):
      status = code
      data = Data(text.utf8)
    case .empty(let code):
      status = code
      data = Data()
    case .headers(let code, let extra):
      status = code
      data = Data()
      headers.merge(extra) { _, new in new }
    case .failure(let error):
      throw error
    }
    guard
      let response = HTTPURLResponse(
        url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
    else { throw .unexpectedResponse("test response") }
    return (data, response)
  }
}

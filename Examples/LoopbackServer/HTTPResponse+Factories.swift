import Foundation

extension HTTPResponse {
  /// The `Content-Type` of JSON bodies, as the HTTP contract asks.
  public static let jsonContentType = "application/json; charset=utf-8"

  /// A JSON response, encoded by `WireJSON.encoder()`: dates as
  /// `2026-11-21T08:30:00Z` and keys sorted, so bodies are stable. A value that cannot be encoded
  /// gives a `500 encoding_failed`.
  /// - Parameters:
  ///   - status: The status code; 200 by default.
  ///   - value: The value to encode.
  /// - Returns: The response.
  public static func json(status: Int = 200, _ value: some Encodable) -> HTTPResponse {
    do {
      let body = try WireJSON.encoder().encode(value)
      return HTTPResponse(
        status: status, headers: ["Content-Type": jsonContentType], body: body)
    } catch {
      return .error(
        status: 500, code: "encoding_failed", message: "The server could not encode its answer.")
    }
  }

  /// A JSON response whose body is given as text, e.g. deliberately malformed JSON in a test.
  /// - Parameters:
  ///   - status: The status code; 200 by default.
  ///   - text: The body, sent as UTF-8 with a JSON content type.
  /// - Returns: The response.
  public static func json(status: Int = 200, raw text: String) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": jsonContentType], body: Data(text.utf8))
  }

  /// A text response.
  /// - Parameters:
  ///   - status: The status code; 200 by default.
  ///   - text: The body, sent as UTF-8.
  ///   - contentType: The `Content-Type`; plain UTF-8 text by default (use `text/html` for a
  ///     page).
  /// - Returns: The response.
  public static func text(
    status: Int = 200, _ text: String, contentType: String = "text/plain; charset=utf-8"
  ) -> HTTPResponse {
    HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
  }

  /// An error in the shape of Koober's HTTP contract:
  /// `{"error": {"code": "…", "message": "…", …extra}}`.
  /// - Parameters:
  ///   - status: The status code, e.g. 401.
  ///   - code: The stable snake_case code, e.g. `invalid_credentials`.
  ///   - message: A sentence for a person.
  ///   - extra: More fields inside the `error` object, e.g. `["attemptsLeft": 2]`; they never
  ///     replace `code` or `message`.
  /// - Returns: The response.
  public static func error(
    status: Int, code: String, message: String, extra: [String: JSONValue] = [:]
  ) -> HTTPResponse {
    var fields = extra
    fields["code"] = .string(code)
    fields["message"] = .string(message)
    return .json(status: status, JSONValue.object(["error": .object(fields)]))
  }

  /// A `204 No Content` response.
  public static var noContent: HTTPResponse { HTTPResponse(status: 204) }

  /// Sends exactly `bytes` and closes the connection: for answers no correct server gives.
  /// - Parameter bytes: The bytes to write.
  /// - Returns: The response.
  public static func raw(_ bytes: Data) -> HTTPResponse {
    var response = HTTPResponse()
    response.delivery = .raw(bytes)
    return response
  }

  /// Closes the connection without writing anything.
  public static var dropConnection: HTTPResponse {
    var response = HTTPResponse()
    response.delivery = .dropConnection
    return response
  }

  /// A response cut off mid-body: the head announces the whole body's `Content-Length`, only
  /// the first `sendingBytes` of it are written, then the connection closes.
  /// - Parameters:
  ///   - status: The status code; 200 by default.
  ///   - headers: Header fields to send.
  ///   - body: The whole body the head announces.
  ///   - sendingBytes: How many body bytes to write before closing; half by default.
  /// - Returns: The response.
  public static func truncated(
    status: Int = 200, headers: HTTPHeaders = ["Content-Type": jsonContentType], body: Data,
    sendingBytes: Int? = nil
  ) -> HTTPResponse {
    let whole = HTTPResponse(status: status, headers: headers, body: body)
    let head = whole.serializedHead(keepAlive: true, includeBody: true)
    let count = max(0, min(sendingBytes ?? body.count / 2, body.count))
    return .raw(head + body.prefix(count))
  }
}

import Foundation

extension HTTPResponse {
  /// Whether this status may carry a body and a `Content-Length` (RFC 9110 §6.4.1).
  var allowsBody: Bool {
    !(100..<200).contains(status) && status != 204 && status != 304
  }

  /// The status line and header block, ending with the blank line. The server owns
  /// `Content-Length` and `Connection`. A field that ``hasSendableHeaders`` would refuse is
  /// left out, so not even a response built by ``truncated(status:headers:body:sendingBytes:)``
  /// can split the head; the connection refuses such a response whole before it gets here.
  func serializedHead(keepAlive: Bool, includeBody: Bool) -> Data {
    var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(for: status))\r\n"
    for (name, value) in headers where Self.isSendable(name: name, value: value) {
      let lowered = name.lowercased()
      if lowered == "content-length" || lowered == "connection" { continue }
      head += "\(name): \(value)\r\n"
    }
    if allowsBody {
      head += "Content-Length: \(body.count)\r\n"
    }
    head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
    return Data(head.utf8)
  }

  /// The whole standard response; `includeBody` is false for `HEAD`.
  func serialized(keepAlive: Bool, includeBody: Bool) -> Data {
    let head = serializedHead(keepAlive: keepAlive, includeBody: includeBody)
    return includeBody && allowsBody ? head + body : head
  }

  /// Whether the handler asked for the connection to close after this response.
  var asksToClose: Bool {
    headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
  }

  /// Whether every handler-supplied field may be written as it is: its name an RFC 9110
  /// token, its value without CR, LF, NUL or another control character (tab aside).
  var hasSendableHeaders: Bool {
    headers.allSatisfy { Self.isSendable(name: $0.name, value: $0.value) }
  }

  /// What is sent instead of a response with a header ``hasSendableHeaders`` refuses: none of
  /// the handler's headers, since one of them tried to say more than a header.
  static let unsendableHeaderAnswer = HTTPResponse.error(
    status: 500, code: "invalid_response_header",
    message: "The server built an answer with a header it cannot send.")

  private static func isSendable(name: String, value: String) -> Bool {
    FieldSyntax.isName(name) && FieldSyntax.isValue(value)
  }

  static func reasonPhrase(for status: Int) -> String {
    switch status {
    case 100: "Continue"
    case 200: "OK"
    case 201: "Created"
    case 202: "Accepted"
    case 204: "No Content"
    case 301: "Moved Permanently"
    case 302: "Found"
    case 304: "Not Modified"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 410: "Gone"
    case 411: "Length Required"
    case 413: "Content Too Large"
    case 415: "Unsupported Media Type"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 423: "Locked"
    case 429: "Too Many Requests"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 505: "HTTP Version Not Supported"
    default: "Status \(status)"
    }
  }
}

import Foundation

/// The request line and header fields of one request, parsed and checked.
struct RequestHead: Sendable {
  /// How the body is framed.
  enum BodyFraming: Equatable {
    case none
    case length(Int)
    /// A `Content-Length` too large to be an `Int`: certainly over any cap.
    case tooLong
    case chunked
  }

  let method: HTTPMethod
  let target: String
  let parts: RequestTarget
  let isHTTP10: Bool
  let headers: HTTPHeaders
  let framing: BodyFraming

  /// Whether the client wants the connection kept after the response.
  var keepAlive: Bool {
    let tokens = headers.values(for: "Connection")
      .flatMap { $0.lowercased().split(separator: ",") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    return isHTTP10 ? tokens.contains("keep-alive") : !tokens.contains("close")
  }

  /// Whether the client waits for `100 Continue` before sending the body.
  var expectsContinue: Bool {
    headers["Expect"]?.lowercased() == "100-continue"
  }

  /// Why a head was refused, with the status and API.md-style code to answer.
  struct Failure: Error {
    let status: Int
    let code: String
    let message: String

    static func malformed(_ message: String) -> Failure {
      Failure(status: 400, code: "malformed_request", message: message)
    }

    /// API.md's `408 request_timeout` for a `part` ("head" or "body") past its deadline.
    static func timedOut(_ part: String, after seconds: TimeInterval) -> Failure {
      let limit = String(format: "%g", seconds)
      return Failure(
        status: 408, code: "request_timeout",
        message: "The request \(part) did not arrive within \(limit) seconds.")
    }
  }

  /// Parses the head bytes (without the blank line that ends them).
  static func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) -> RequestHead {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    // RFC 9112 §2.2: a server should ignore empty lines before the request line.
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { throw .malformed("The request is empty.") }
    let (method, target, isHTTP10) = try parseRequestLine(requestLine)
    guard let parts = RequestTarget(target) else {
      throw .malformed("The request target is not a valid path.")
    }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      let (name, value) = try parseField(line)
      headers.add(name, value)
    }
    // Two Authorization headers would let the handler and a proxy disagree on who calls.
    guard headers.values(for: "Authorization").count <= 1 else {
      throw .malformed("A request may carry one Authorization header.")
    }
    return RequestHead(
      method: method, target: target, parts: parts, isHTTP10: isHTTP10, headers: headers,
      framing: try framing(of: headers))
  }

  private static func parseRequestLine(
    _ line: ArraySlice<UInt8>
  ) throws(Failure) -> (HTTPMethod, String, Bool) {
    let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count == 3, !words[0].isEmpty, words[0].allSatisfy(isTokenByte),
      let target = String(validating: words[1]), !target.isEmpty,
      target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { throw .malformed("The request line is not METHOD SP target SP HTTP/1.1.") }
    // Upper-cased so `get` and `GET` reach one route, as this server has always done.
    let method = HTTPMethod(rawValue: String(decoding: words[0], as: UTF8.self).uppercased())
    switch String(decoding: words[2], as: UTF8.self) {
    case "HTTP/1.1": return (method, target, false)
    case "HTTP/1.0": return (method, target, true)
    case let version where version.hasPrefix("HTTP/"):
      throw Failure(
        status: 505, code: "http_version_not_supported",
        message: "Only HTTP/1.1 and HTTP/1.0 are served.")
    default:
      throw .malformed("The request line does not end with an HTTP version.")
    }
  }

  private static func parseField(_ line: ArraySlice<UInt8>) throws(Failure) -> (String, String) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      throw .malformed("A header line has no colon.")
    }
    let name = line[line.startIndex..<colon]
    let value = line[(colon + 1)...].trimmingOWS()
    guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
      throw .malformed("A header name is empty or has characters a name may not have.")
    }
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      throw .malformed("A header value has control characters.")
    }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
  }

  private static func framing(of headers: HTTPHeaders) throws(Failure) -> BodyFraming {
    let lengths = headers.values(for: "Content-Length")
      .flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let encodings = headers.values(for: "Transfer-Encoding")
    if !encodings.isEmpty {
      guard lengths.isEmpty else {
        throw .malformed("A request may not have both Content-Length and Transfer-Encoding.")
      }
      // Exactly `chunked`: any other coding, alone or listed before it, is one the server
      // cannot decode, and a suffix check would take `xchunked` for chunked.
      let codings = encodings.joined(separator: ",").trimmingCharacters(in: .whitespaces)
      guard codings.lowercased() == "chunked" else {
        throw Failure(
          status: 501, code: "not_implemented",
          message: "Only the chunked transfer coding is understood, alone.")
      }
      return .chunked
    }
    guard let first = lengths.first else { return .none }
    guard lengths.allSatisfy({ $0 == first }), !first.isEmpty,
      first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else { throw .malformed("The Content-Length is not one decimal number.") }
    guard let length = Int(first) else { return .tooLong }
    return length == 0 ? .none : .length(length)
  }

  private static func isTokenByte(_ byte: UInt8) -> Bool {
    FieldSyntax.isTokenByte(byte)
  }
}

extension ArraySlice<UInt8> {
  fileprivate func trimmingOWS() -> ArraySlice<UInt8> {
    var slice = self
    while let first = slice.first, first == 0x20 || first == 0x09 { slice.removeFirst() }
    while let last = slice.last, last == 0x20 || last == 0x09 { slice.removeLast() }
    return slice
  }
}

extension String {
  /// The bytes as a string when they are valid UTF-8; `String(validating:)` needs macOS 15.
  fileprivate init?(validating bytes: ArraySlice<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.utf8.elementsEqual(bytes) else { return nil }
    self = text
  }
}

import Foundation

/// A request line and header fields as sent, read far enough for the `Host` rules
/// (``HostName/refusal(of:accepted:)``) and no further: the rules about what the fields mean
/// (one `Authorization`, the body's framing, the HTTP version) come after, in
/// ``RequestHead/init(checking:)``, so a request for another server's name is answered `421`
/// whatever else is wrong with it (the HTTP contract's order of checks).
struct RequestFields: Sendable {
  let method: HTTPMethod
  let target: String
  /// The authority of an absolute-form target, as sent; nil for origin-form.
  let authority: Substring?
  /// The version word of the request line, e.g. `HTTP/1.1`; always starts with `HTTP/`.
  let version: String
  let headers: HTTPHeaders

  /// Parses the head bytes (without the blank line that ends them).
  /// - Throws: `400 malformed_request` when the request line is not `METHOD SP target SP
  ///   HTTP/…`, the target is neither origin-form nor `http` absolute-form, or a field line
  ///   cannot be read as `name: value`: then no `Host` can be trusted to be the one meant.
  static func parse(_ bytes: ArraySlice<UInt8>) throws(RequestHead.Failure) -> RequestFields {
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      .map { line in line.last == UInt8(ascii: "\r") ? line.dropLast() : line }
    // RFC 9112 §2.2: a server should ignore empty lines before the request line.
    while let first = lines.first, first.isEmpty { lines.removeFirst() }
    guard let requestLine = lines.first else { throw .malformed("The request is empty.") }
    let (method, target, version) = try parseRequestLine(requestLine)
    guard let form = RequestTarget.split(target) else {
      throw .malformed("The request target is not a valid path.")
    }
    var headers = HTTPHeaders()
    for line in lines.dropFirst() {
      let (name, value) = try parseField(line)
      headers.add(name, value)
    }
    return RequestFields(
      method: method, target: target, authority: form.authority, version: version,
      headers: headers)
  }

  private static func parseRequestLine(
    _ line: ArraySlice<UInt8>
  ) throws(RequestHead.Failure) -> (HTTPMethod, String, String) {
    let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count == 3, !words[0].isEmpty, words[0].allSatisfy(FieldSyntax.isTokenByte),
      let target = String(validating: words[1]), !target.isEmpty,
      target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F })
    else { throw .malformed("The request line is not METHOD SP target SP HTTP/1.1.") }
    let version = String(decoding: words[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/") else {
      throw .malformed("The request line does not end with an HTTP version.")
    }
    // Upper-cased so `get` and `GET` reach one route, as this server has always done.
    let method = HTTPMethod(rawValue: String(decoding: words[0], as: UTF8.self).uppercased())
    return (method, target, version)
  }

  private static func parseField(
    _ line: ArraySlice<UInt8>
  ) throws(RequestHead.Failure) -> (String, String) {
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
      throw .malformed("A header line has no colon.")
    }
    let name = line[line.startIndex..<colon]
    let value = line[(colon + 1)...].trimmingOWS()
    guard !name.isEmpty, name.allSatisfy(FieldSyntax.isTokenByte) else {
      throw .malformed("A header name is empty or has characters a name may not have.")
    }
    guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
      throw .malformed("A header value has control characters.")
    }
    return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
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

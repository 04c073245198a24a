import Foundation

/// The request line and header fields of one request, read and checked: what the server acts
/// on once the `Host` rules have passed.
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

  /// Why a head was refused, with the status and error code to answer.
  struct Failure: Error {
    let status: Int
    let code: String
    let message: String

    static func malformed(_ message: String) -> Failure {
      Failure(status: 400, code: "malformed_request", message: message)
    }

    /// The HTTP contract's `408 request_timeout` for a `part` ("head" or "body") past its deadline.
    static func timedOut(_ part: String, after seconds: TimeInterval) -> Failure {
      let limit = String(format: "%g", seconds)
      return Failure(
        status: 408, code: "request_timeout",
        message: "The request \(part) did not arrive within \(limit) seconds.")
    }
  }

  /// Applies the rules about what the fields mean, after the `Host` rules have passed.
  /// - Parameter fields: The request line and fields as read.
  /// - Throws: `505 http_version_not_supported` for a version other than 1.1 and 1.0;
  ///   `400 malformed_request` for a target whose escapes are broken, two `Authorization`
  ///   fields or a `Content-Length` that is not one number; `501 not_implemented` for a
  ///   transfer coding other than `chunked` alone.
  init(checking fields: RequestFields) throws(Failure) {
    switch fields.version {
    case "HTTP/1.1": isHTTP10 = false
    case "HTTP/1.0": isHTTP10 = true
    default:
      throw Failure(
        status: 505, code: "http_version_not_supported",
        message: "Only HTTP/1.1 and HTTP/1.0 are served.")
    }
    guard let parts = RequestTarget(fields.target) else {
      throw .malformed("The request target is not a valid path.")
    }
    // Two Authorization headers would let the handler and a proxy disagree on who calls.
    guard fields.headers.values(for: "Authorization").count <= 1 else {
      throw .malformed("A request may carry one Authorization header.")
    }
    method = fields.method
    target = fields.target
    self.parts = parts
    headers = fields.headers
    framing = try Self.framing(of: fields.headers)
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
}

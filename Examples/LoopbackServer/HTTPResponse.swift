import Foundation

/// What a handler answers: a status, headers and a body, or, for tests of broken servers, raw
/// bytes or a dropped connection.
///
/// The server sets `Content-Length` and `Connection` itself; a handler that sets
/// `Connection: close` makes the server close the connection after this response.
///
/// ```swift
/// server.route(.post, "/v1/auth/sign-in") { request in
///   .error(status: 401, code: "invalid_credentials", message: "Wrong email or password.")
/// }
/// ```
public struct HTTPResponse: Sendable {
  /// How the response leaves the server.
  public enum Delivery: Sendable, Equatable {
    /// A well-formed HTTP/1.1 response built from status, headers and body.
    case standard
    /// Exactly these bytes, then the connection is closed: for malformed or cut-off answers.
    case raw(Data)
    /// Nothing at all: the connection is closed without an answer.
    case dropConnection
  }

  /// The status code, e.g. 200.
  public var status: Int
  /// Header fields to send; `Content-Length` and `Connection` are the server's. A name that
  /// is not an RFC 9110 token, or a value with CR, LF, NUL or another control character (tab
  /// aside), makes the server send `500 invalid_response_header` instead of this response.
  public var headers: HTTPHeaders
  /// The body bytes.
  public var body: Data
  /// How the response is delivered; ``Delivery/standard`` unless built by ``raw(_:)``,
  /// ``dropConnection`` or ``truncated(status:headers:body:sendingBytes:)``.
  public var delivery: Delivery

  /// Creates a standard response.
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields to send.
  ///   - body: The body bytes.
  public init(status: Int = 200, headers: HTTPHeaders = [:], body: Data = Data()) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delivery = .standard
  }

  /// A copy with one header set, replacing any field of that name.
  /// - Parameters:
  ///   - name: The header name.
  ///   - value: The header value.
  /// - Returns: The response with the header.
  public func withHeader(_ name: String, _ value: String) -> HTTPResponse {
    var copy = self
    copy.headers[name] = value
    return copy
  }
}

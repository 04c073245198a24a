/// An HTTP request method, shared by the client that sends it and the server that routes it.
/// Open-ended, so a request can use any method its server understands.
///
/// Methods are case-sensitive (RFC 9110 §9.1): `"PATCH"` and `"patch"` are two methods.
///
/// ```swift
/// let method: HTTPMethod = .patch
/// HTTPMethod.idempotent.contains(method)   // false
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The method's name as written on the request line, e.g. `GET`.
  public let rawValue: String

  /// Makes a method from its wire name.
  /// - Parameter rawValue: The name, e.g. `PATCH`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Makes a method from a string literal.
  /// - Parameter value: The name, e.g. `"PROPFIND"`.
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The method's name.
  public var description: String { rawValue }

  /// `GET`: read; idempotent.
  public static let get: HTTPMethod = "GET"
  /// `HEAD`: read headers only; idempotent.
  public static let head: HTTPMethod = "HEAD"
  /// `POST`: create or act; not idempotent, so never retried by default.
  public static let post: HTTPMethod = "POST"
  /// `PUT`: replace; idempotent.
  public static let put: HTTPMethod = "PUT"
  /// `PATCH`: change part of a resource; not idempotent by definition.
  public static let patch: HTTPMethod = "PATCH"
  /// `DELETE`: remove; idempotent.
  public static let delete: HTTPMethod = "DELETE"
  /// `OPTIONS`: ask what is allowed; idempotent.
  public static let options: HTTPMethod = "OPTIONS"

  /// The methods RFC 9110 calls idempotent, which are safe to send twice.
  public static let idempotent: Set<HTTPMethod> = [.get, .head, .put, .delete, .options, "TRACE"]
}

/// An HTTP request method.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral {
  /// The method's name as sent on the wire, e.g. `GET`.
  public let rawValue: String

  /// Makes a method from its wire name.
  /// - Parameter rawValue: the name, e.g. `PATCH`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Makes a method from a string literal.
  /// - Parameter value: the name, e.g. `"PROPFIND"`.
  public init(stringLiteral value: String) { self.rawValue = value }

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

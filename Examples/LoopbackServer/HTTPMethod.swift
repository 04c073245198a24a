/// An HTTP request method such as `GET` or `POST`; any token is allowed, the common ones have
/// names.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  /// The method as written on the request line, e.g. `"GET"`.
  public let rawValue: String

  /// Creates a method from its name, upper-cased so `"get"` and `"GET"` are one method.
  /// - Parameter rawValue: The method name.
  public init(rawValue: String) {
    self.rawValue = rawValue.uppercased()
  }

  /// Creates a method from a literal such as `"PATCH"`.
  /// - Parameter value: The method name.
  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  /// The method name.
  public var description: String { rawValue }

  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`; answered by the `GET` route when no `HEAD` route exists, without a body.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `OPTIONS`.
  public static let options = HTTPMethod(rawValue: "OPTIONS")
}

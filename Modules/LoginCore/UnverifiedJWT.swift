import Foundation
import WireFormat

/// The claims of a JSON Web Token (RFC 7519), read without checking its signature: for an
/// adapter whose server sends a JWT access token and no expiry beside it (Django REST
/// framework's simplejwt, for one), to read the token's `exp`.
///
/// Nothing here proves who issued the token. Read only tokens your adapter just received from
/// its own server over TLS, for facts about the token itself (when it expires); never decide
/// who a person is from an unverified token.
///
/// ```swift
/// let access = answer.access
/// let expiresAt = UnverifiedJWT(access)?.expiresAt ?? now.addingTimeInterval(300)
/// ```
public struct UnverifiedJWT: Sendable, Equatable {
  /// The longest token read, in bytes: far above any real token, small enough that a hostile
  /// answer costs nothing.
  public static let maximumLength = 16_384

  /// One top-level claim's value.
  public enum Claim: Sendable, Equatable, Decodable {
    /// A JSON string.
    case string(String)
    /// A JSON number.
    case number(Double)
    /// A JSON `true` or `false`.
    case bool(Bool)
    /// An array, an object or `null`: not read further.
    case other

    /// Reads a claim's value, without looking inside arrays and objects.
    /// - Parameter decoder: The decoder.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let value = try? container.decode(Bool.self) {
        self = .bool(value)
      } else if let value = try? container.decode(Double.self) {
        self = .number(value)
      } else if let value = try? container.decode(String.self) {
        self = .string(value)
      } else {
        self = .other
      }
    }
  }

  /// The payload's top-level claims by name.
  public let claims: [String: Claim]

  /// Reads the payload of a compact JWT (`header.payload.signature`, base64url).
  /// - Parameter token: The token.
  /// - Returns: `nil` when `token` is longer than ``maximumLength``, has not three parts, or
  ///   its payload is not base64url of a JSON object.
  public init?(_ token: String) {
    guard token.utf8.count <= Self.maximumLength else { return nil }
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let payload = Base64URL.decoded(parts[1]),
      let claims = try? JSONDecoder().decode([String: Claim].self, from: payload)
    else { return nil }
    self.claims = claims
  }

  /// The `exp` claim: when the token stops being accepted.
  public var expiresAt: Date? { date("exp") }
  /// The `iat` claim: when the token was issued.
  public var issuedAt: Date? { date("iat") }
  /// The `sub` claim: whom the token is about, by the issuer's id.
  public var subject: String? { string("sub") }
  /// The `iss` claim: who says it issued the token (not checked).
  public var issuer: String? { string("iss") }

  /// A string claim.
  /// - Parameter name: The claim's name.
  /// - Returns: Its value, or `nil` when it is missing or not a string.
  public func string(_ name: String) -> String? {
    guard case .string(let value)? = claims[name] else { return nil }
    return value
  }

  /// A number claim.
  /// - Parameter name: The claim's name.
  /// - Returns: Its value, or `nil` when it is missing or not a number.
  public func number(_ name: String) -> Double? {
    guard case .number(let value)? = claims[name] else { return nil }
    return value
  }

  /// A NumericDate claim (seconds since 1970-01-01T00:00:00Z, RFC 7519 §2).
  /// - Parameter name: The claim's name.
  /// - Returns: The date, or `nil` when the claim is missing, not a number, or not finite.
  public func date(_ name: String) -> Date? {
    guard let seconds = number(name), seconds.isFinite else { return nil }
    return Date(timeIntervalSince1970: seconds)
  }
}

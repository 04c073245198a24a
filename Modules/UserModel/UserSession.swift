import Foundation
import WireFormat

/// A signed-in user with the tokens the server issued: an access token, and the refresh
/// token, ID token and scope when the server issues them (OAuth 2.0's token answer, or an
/// app's own server's).
///
/// A session without a refresh token lives until its access token expires and then ends as
/// expired: nothing can renew it.
///
/// Tokens are secrets: `description`, `debugDescription` and the mirror (`dump`) print
/// `<redacted>` in their place, so a session can be logged or interpolated safely.
///
/// ```swift
/// let session = UserSession(
///   user: user, accessToken: access, accessTokenExpiresAt: Date().addingTimeInterval(300),
///   refreshToken: refresh)
/// if session.expiresSoon(at: Date()), session.canRenew(at: Date()) { /* renew */ }
/// ```
///
/// Its `Codable` form is the package's own, not any server's: an adapter maps its server's
/// JSON to it and back.
public struct UserSession: Codable, Sendable, Hashable {
  /// How close to its expiry an access token is renewed at most: a minute, so a request that
  /// starts with it still reaches the server before it lapses. ServiceUser uses at most half
  /// the lifetime of a token it saw issued, so short-lived tokens are not renewed on every
  /// call.
  public static let renewalMargin: TimeInterval = 60

  /// The signed-in user.
  public var user: User
  /// The access token sent as `Authorization: Bearer <token>`.
  public var accessToken: String
  /// When the access token stops working.
  public var accessTokenExpiresAt: Date
  /// The token that buys a new access token, or `nil` when the server issued none.
  public var refreshToken: String?
  /// When the refresh token stops working, or `nil` when unknown (it works until the server
  /// refuses it) or when there is no refresh token.
  public var refreshTokenExpiresAt: Date?
  /// The OpenID Connect ID token, when the server issued one.
  public var idToken: String?
  /// The scope the server granted (space-separated), when it said.
  public var scope: String?
  /// The server identity that issued the session, as its adapter names itself
  /// (`AuthRemoteAPI.sessionIssuer`: an API's base URL, an OAuth issuer with its client ID).
  /// ServiceUser records it when it keeps a session and sends the session's tokens to no
  /// other identity. `nil` for a session kept before identities were recorded, or from an
  /// adapter that names none.
  public var issuer: String?

  /// Creates a session from its parts.
  /// - Parameters:
  ///   - user: The signed-in user.
  ///   - accessToken: The access token.
  ///   - accessTokenExpiresAt: When the access token expires.
  ///   - refreshToken: The refresh token, or `nil` for none.
  ///   - refreshTokenExpiresAt: When the refresh token expires, or `nil` when unknown.
  ///   - idToken: The ID token, or `nil` for none.
  ///   - scope: The granted scope, or `nil` when the server did not say.
  ///   - issuer: The server identity that issued it, or `nil` (ServiceUser records it).
  public init(
    user: User, accessToken: String, accessTokenExpiresAt: Date, refreshToken: String? = nil,
    refreshTokenExpiresAt: Date? = nil, idToken: String? = nil, scope: String? = nil,
    issuer: String? = nil
  ) {
    self.user = user
    self.accessToken = accessToken
    self.accessTokenExpiresAt = accessTokenExpiresAt
    self.refreshToken = refreshToken
    self.refreshTokenExpiresAt = refreshTokenExpiresAt
    self.idToken = idToken
    self.scope = scope
    self.issuer = issuer
  }

  /// Whether a text can be an access token: RFC 6750's `b64token` (letters, digits and
  /// `-._~+/`, then any `=`), so it can travel in an `Authorization: Bearer` header as it is.
  /// A token with a space, a line break or a NUL would be dropped or split on the way.
  /// - Parameter token: The text.
  /// - Returns: `true` for a well-formed access token.
  public static func isWellFormedAccessToken(_ token: String) -> Bool {
    guard token.utf8.count <= 16_384 else { return false }
    let bytes = Array(token.utf8)
    let body = bytes.prefix { $0 != UInt8(ascii: "=") }
    guard !body.isEmpty, bytes.count <= 16_384,
      bytes.dropFirst(body.count).allSatisfy({ $0 == UInt8(ascii: "=") })
    else { return false }
    return body.allSatisfy { byte in
      (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || (0x30...0x39).contains(byte) || "-._~+/".utf8.contains(byte)
    }
  }

  /// Whether a text can be a refresh token: RFC 6749's visible ASCII (`%x20-7E`), not
  /// empty.
  /// - Parameter token: The text.
  /// - Returns: `true` for a well-formed refresh token.
  public static func isWellFormedRefreshToken(_ token: String) -> Bool {
    !token.isEmpty && token.utf8.count <= 16_384
      && token.utf8.allSatisfy { (0x20...0x7E).contains($0) }
  }

  /// Whether the access token has expired at a given moment.
  /// - Parameter now: The moment to check, injected so callers can use their own clock.
  /// - Returns: `true` from `accessTokenExpiresAt` on (the expiry instant counts as expired).
  public func isExpired(at now: Date) -> Bool {
    now >= accessTokenExpiresAt
  }

  /// Whether the access token expires within a margin of a given moment, and so should be
  /// renewed before it is used.
  /// - Parameters:
  ///   - now: The moment to check.
  ///   - margin: How close to expiry counts as soon; a minute by default.
  /// - Returns: `true` when `accessTokenExpiresAt` is at most `margin` seconds after `now`,
  ///   including an access token that has already expired.
  public func expiresSoon(at now: Date, within margin: TimeInterval = renewalMargin) -> Bool {
    accessTokenExpiresAt.timeIntervalSince(now) <= margin
  }

  /// Whether the refresh token is known to have expired at a given moment.
  /// - Parameter now: The moment to check.
  /// - Returns: `true` from `refreshTokenExpiresAt` on; `false` when there is no expiry.
  public func isRefreshExpired(at now: Date) -> Bool {
    refreshTokenExpiresAt.map { now >= $0 } ?? false
  }

  /// Whether the session can still be renewed at a given moment: it has a refresh token
  /// that is not known to have expired.
  /// - Parameter now: The moment to check.
  /// - Returns: `false` without a refresh token or after its expiry.
  public func canRenew(at now: Date) -> Bool {
    refreshToken != nil && !isRefreshExpired(at: now)
  }

  /// Whether the session is over for good at a given moment: its access token has expired
  /// and it cannot be renewed.
  /// - Parameter now: The moment to check.
  /// - Returns: `true` when neither token can be used any more.
  public func hasEnded(at now: Date) -> Bool {
    canRenew(at: now) ? false : isExpired(at: now)
  }
}

extension UserSession {
  private enum CodingKeys: String, CodingKey {
    case user, accessToken, accessTokenExpiresAt, refreshToken, refreshTokenExpiresAt, idToken
    case scope, issuer
  }

  /// Reads a session, refusing an access token that is not RFC 6750's `b64token` and a
  /// refresh token that is not visible ASCII (an empty one included): sent as `Bearer `, such
  /// a token would be dropped or refused and end the session it just started.
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError` for a missing or mistyped field, or an empty token.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    user = try container.decode(User.self, forKey: .user)
    accessToken = try container.decode(String.self, forKey: .accessToken)
    accessTokenExpiresAt = try container.decode(Date.self, forKey: .accessTokenExpiresAt)
    refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken)
    refreshTokenExpiresAt = try container.decodeIfPresent(
      Date.self, forKey: .refreshTokenExpiresAt)
    idToken = try container.decodeIfPresent(String.self, forKey: .idToken)
    scope = try container.decodeIfPresent(String.self, forKey: .scope)
    issuer = try container.decodeIfPresent(String.self, forKey: .issuer)
    if !Self.isWellFormedAccessToken(accessToken) {
      throw DecodingError.dataCorruptedError(
        forKey: .accessToken, in: container, debugDescription: "The access token is malformed.")
    }
    if let refreshToken, !Self.isWellFormedRefreshToken(refreshToken) {
      throw DecodingError.dataCorruptedError(
        forKey: .refreshToken, in: container,
        debugDescription: "The refresh token is malformed.")
    }
  }
}

extension UserSession: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The session with every token redacted.
  public var description: String {
    func shown(_ token: String?) -> String { token == nil ? "nil" : Redaction.placeholder }
    let refreshExpiry = refreshTokenExpiresAt.map { "\($0)" } ?? "nil"
    return "UserSession(user: \(user), accessToken: \(Redaction.placeholder), "
      + "accessTokenExpiresAt: \(accessTokenExpiresAt), refreshToken: \(shown(refreshToken)), "
      + "refreshTokenExpiresAt: \(refreshExpiry), idToken: \(shown(idToken)), "
      + "scope: \(scope ?? "nil"), issuer: \(issuer ?? "nil"))"
  }

  /// The same as `description`: tokens stay redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose token children are redacted, so `dump(session)` shows no secret.
  public var customMirror: Mirror {
    func shown(_ token: String?) -> Any { token == nil ? "nil" : Redaction.placeholder }
    return Mirror(
      self,
      children: [
        "user": user,
        "accessToken": Redaction.placeholder,
        "accessTokenExpiresAt": accessTokenExpiresAt,
        "refreshToken": shown(refreshToken),
        "refreshTokenExpiresAt": refreshTokenExpiresAt as Any,
        "idToken": shown(idToken),
        "scope": scope as Any,
        "issuer": issuer as Any,
      ],
      displayStyle: .struct
    )
  }
}

import Foundation
import WireFormat

/// A signed-in user with the API's token pair: the API's Session object.
///
/// Tokens are secrets: `description`, `debugDescription` and the mirror (`dump`) print
/// `<redacted>` in their place, so a session can be logged or interpolated safely.
///
/// ```swift
/// let session = try WireJSON.decoder().decode(UserSession.self, from: body)
/// if session.expiresSoon(at: Date()) { /* renew with session.refreshToken */ }
/// ```
public struct UserSession: Codable, Sendable, Hashable {
  /// How close to its expiry an access token is renewed: a minute, so a request that starts
  /// with it still reaches the server before it lapses.
  public static let renewalMargin: TimeInterval = 60

  /// The signed-in user.
  public var user: User
  /// The short-lived access token sent as `Authorization: Bearer <token>`.
  public var token: String
  /// When the access token stops working.
  public var expiresAt: Date
  /// The single-use token that buys a new pair from `POST /v1/auth/refresh`.
  public var refreshToken: String
  /// When the refresh token stops working; after it the user must sign in again.
  public var refreshExpiresAt: Date

  /// Creates a session from its parts.
  /// - Parameters:
  ///   - user: The signed-in user.
  ///   - token: The access token.
  ///   - expiresAt: When the access token expires.
  ///   - refreshToken: The refresh token.
  ///   - refreshExpiresAt: When the refresh token expires.
  public init(
    user: User, token: String, expiresAt: Date, refreshToken: String, refreshExpiresAt: Date
  ) {
    self.user = user
    self.token = token
    self.expiresAt = expiresAt
    self.refreshToken = refreshToken
    self.refreshExpiresAt = refreshExpiresAt
  }

  /// Whether the access token has expired at a given moment.
  /// - Parameter now: The moment to check, injected so callers can use their own clock.
  /// - Returns: `true` from `expiresAt` on (the expiry instant itself counts as expired).
  public func isExpired(at now: Date) -> Bool {
    now >= expiresAt
  }

  /// Whether the access token expires within a margin of a given moment, and so should be
  /// renewed before it is used.
  /// - Parameters:
  ///   - now: The moment to check.
  ///   - margin: How close to expiry counts as soon; a minute by default.
  /// - Returns: `true` when `expiresAt` is at most `margin` seconds after `now`, including an
  ///   access token that has already expired.
  public func expiresSoon(at now: Date, within margin: TimeInterval = renewalMargin) -> Bool {
    expiresAt.timeIntervalSince(now) <= margin
  }

  /// Whether the refresh token has expired at a given moment, so no renewal is possible.
  /// - Parameter now: The moment to check.
  /// - Returns: `true` from `refreshExpiresAt` on.
  public func isRefreshExpired(at now: Date) -> Bool {
    now >= refreshExpiresAt
  }
}

extension UserSession {
  private enum CodingKeys: String, CodingKey {
    case user, token, expiresAt, refreshToken, refreshExpiresAt
  }

  /// Reads a Session, refusing an empty access or refresh token: sent as `Bearer `, an empty
  /// token would only come back as `401 invalid_token` and end the session it just started.
  /// - Parameter decoder: The decoder; use `WireJSON.decoder()` for the API's dates.
  /// - Throws: `DecodingError` for a missing or mistyped field, or an empty token.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    user = try container.decode(User.self, forKey: .user)
    token = try container.decode(String.self, forKey: .token)
    expiresAt = try container.decode(Date.self, forKey: .expiresAt)
    refreshToken = try container.decode(String.self, forKey: .refreshToken)
    refreshExpiresAt = try container.decode(Date.self, forKey: .refreshExpiresAt)
    for (key, value) in [(CodingKeys.token, token), (.refreshToken, refreshToken)]
    where value.isEmpty {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container, debugDescription: "The \(key.stringValue) is empty.")
    }
  }
}

extension UserSession: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The session with both tokens redacted.
  public var description: String {
    "UserSession(user: \(user), token: \(Redaction.placeholder), expiresAt: \(expiresAt), "
      + "refreshToken: \(Redaction.placeholder), refreshExpiresAt: \(refreshExpiresAt))"
  }

  /// The same as `description`: tokens stay redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror whose token children are redacted, so `dump(session)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "user": user,
        "token": Redaction.placeholder,
        "expiresAt": expiresAt,
        "refreshToken": Redaction.placeholder,
        "refreshExpiresAt": refreshExpiresAt,
      ],
      displayStyle: .struct
    )
  }
}

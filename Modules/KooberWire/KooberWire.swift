import Foundation
import UserModel
import WireFormat

/// Koober's JSON shapes (<doc:HTTPContract>), said once: the Koober server's User, Session and
/// sign-in bodies, and how each maps to the package's own `User`, `UserSession` and
/// credentials.
///
/// The package's model types speak in an app's words (an `identifier`, optional refresh and
/// ID tokens); Koober's API speaks in its own (`email`, `token`, a required refresh pair).
/// ServiceUserKoober and the reference backend both read and write through these, so the
/// mapping cannot drift between the two sides.
///
/// ```swift
/// let wire = try WireJSON.decoder().decode(KooberWire.Session.self, from: body)
/// let session = wire.session          // UserSession, identifier = the API's email
/// ```
public enum KooberWire {
  /// Koober's User: `{"id", "email", "name" | null, "type"}`.
  public struct User: Codable, Sendable, Hashable {
    /// The system identifier (`usr_…`).
    public var id: String
    /// The sign-in email, trimmed and lower-cased by the server.
    public var email: String
    /// The display name, or `nil`.
    public var name: String?
    /// `passenger` or `driver`.
    public var type: UserType

    /// The user in the package's words: the email is both its identifier and its email.
    public var user: UserModel.User {
      UserModel.User(id: id, identifier: email, email: email, name: name, type: type)
    }

    /// Koober's form of a user, whose email is the user's identifier.
    /// - Parameter user: The user.
    public init(_ user: UserModel.User) {
      id = user.id
      email = user.identifier
      name = user.name
      type = user.type
    }

    private enum CodingKeys: String, CodingKey {
      case id, email, name, type
    }

    /// Decodes a User object; a missing `name` reads like `null`.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a required field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      id = try container.decode(String.self, forKey: .id)
      email = try container.decode(String.self, forKey: .email)
      name = try container.decodeIfPresent(String.self, forKey: .name)
      type = try container.decode(UserType.self, forKey: .type)
    }

    /// Encodes a User object with `"name": null` for no name: the API's User always carries
    /// the field.
    /// - Parameter encoder: The encoder.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(email, forKey: .email)
      try container.encode(name, forKey: .name)
      try container.encode(type, forKey: .type)
    }
  }

  /// Koober's Session: `{"user", "token", "expiresAt", "refreshToken", "refreshExpiresAt"}`.
  public struct Session: Codable, Sendable, Hashable {
    /// The signed-in user.
    public var user: User
    /// The access token.
    public var token: String
    /// When the access token expires.
    public var expiresAt: Date
    /// The single-use refresh token.
    public var refreshToken: String
    /// When the refresh token expires.
    public var refreshExpiresAt: Date

    /// The session in the package's words; Koober issues no ID token and no scope.
    public var session: UserSession {
      UserSession(
        user: user.user, accessToken: token, accessTokenExpiresAt: expiresAt,
        refreshToken: refreshToken, refreshTokenExpiresAt: refreshExpiresAt)
    }

    /// Makes a Session from its parts.
    /// - Parameters:
    ///   - user: The user.
    ///   - token: The access token.
    ///   - expiresAt: When the access token expires.
    ///   - refreshToken: The refresh token.
    ///   - refreshExpiresAt: When the refresh token expires.
    public init(
      user: UserModel.User, token: String, expiresAt: Date, refreshToken: String,
      refreshExpiresAt: Date
    ) {
      self.user = User(user)
      self.token = token
      self.expiresAt = expiresAt
      self.refreshToken = refreshToken
      self.refreshExpiresAt = refreshExpiresAt
    }

    private enum CodingKeys: String, CodingKey {
      case user, token, expiresAt, refreshToken, refreshExpiresAt
    }

    /// Reads a Session, refusing an access token that is not RFC 6750's `b64token` and a
    /// refresh token that is not visible ASCII (empty ones included).
    /// - Parameter decoder: The decoder; use `WireJSON.decoder()` for the API's dates.
    /// - Throws: `DecodingError` for a missing or mistyped field, or an empty token.
    public init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      user = try container.decode(User.self, forKey: .user)
      token = try container.decode(String.self, forKey: .token)
      expiresAt = try container.decode(Date.self, forKey: .expiresAt)
      refreshToken = try container.decode(String.self, forKey: .refreshToken)
      refreshExpiresAt = try container.decode(Date.self, forKey: .refreshExpiresAt)
      if !UserSession.isWellFormedAccessToken(token) {
        throw DecodingError.dataCorruptedError(
          forKey: .token, in: container, debugDescription: "The access token is malformed.")
      }
      if !UserSession.isWellFormedRefreshToken(refreshToken) {
        throw DecodingError.dataCorruptedError(
          forKey: .refreshToken, in: container,
          debugDescription: "The refresh token is malformed.")
      }
    }
  }

  /// The body of `POST /v1/auth/sign-in`: `{"email", "password"}`.
  public struct SignInBody: Codable, Sendable, Hashable {
    /// The email.
    public var email: String
    /// The password.
    public var password: String

    /// The body for a person's credentials; the identifier is Koober's email.
    /// - Parameter credentials: The credentials.
    public init(_ credentials: SignInCredentials) {
      email = credentials.identifier
      password = credentials.password
    }

    /// The credentials in the package's words.
    public var credentials: SignInCredentials {
      SignInCredentials(identifier: email, password: password)
    }
  }

  /// The body of `POST /v1/auth/sign-up`: `{"email", "password", "name"?, "type"}`; a `nil`
  /// name leaves the key out.
  public struct SignUpBody: Codable, Sendable, Hashable {
    /// The email.
    public var email: String
    /// The password.
    public var password: String
    /// The display name, or `nil`.
    public var name: String?
    /// The user type.
    public var type: UserType

    /// The body for a sign-up form; the identifier is Koober's email.
    /// - Parameter form: The form.
    public init(_ form: SignUpCredentials) {
      email = form.identifier
      password = form.password
      name = form.name
      type = form.type
    }

    /// The form in the package's words.
    public var form: SignUpCredentials {
      SignUpCredentials(identifier: email, password: password, name: name, type: type)
    }
  }
}

extension KooberWire.Session: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The session with both tokens redacted.
  public var description: String {
    "Session(user: \(user.id), token: <redacted>, expiresAt: \(expiresAt), "
      + "refreshToken: <redacted>, refreshExpiresAt: \(refreshExpiresAt))"
  }
  /// The same as `description`: tokens stay redacted in debug output too.
  public var debugDescription: String { description }
  /// A mirror whose token children are redacted, so `dump(session)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "user": user, "token": "<redacted>", "expiresAt": expiresAt,
        "refreshToken": "<redacted>", "refreshExpiresAt": refreshExpiresAt,
      ],
      displayStyle: .struct)
  }
}

extension KooberWire.SignInBody: CustomStringConvertible, CustomReflectable {
  /// The body with its password redacted.
  public var description: String { "SignInBody(email: \(email), password: <redacted>)" }
  /// A mirror whose password child is redacted, so `dump(body)` shows no secret.
  public var customMirror: Mirror {
    Mirror(self, children: ["email": email, "password": "<redacted>"], displayStyle: .struct)
  }
}

extension KooberWire.SignUpBody: CustomStringConvertible, CustomReflectable {
  /// The body with its password redacted.
  public var description: String {
    "SignUpBody(email: \(email), password: <redacted>, name: \(name ?? "nil"), type: \(type))"
  }
  /// A mirror whose password child is redacted, so `dump(body)` shows no secret.
  public var customMirror: Mirror {
    Mirror(
      self, children: ["email": email, "password": "<redacted>", "name": name as Any],
      displayStyle: .struct)
  }
}

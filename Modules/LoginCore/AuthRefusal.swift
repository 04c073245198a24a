/// What a server refused: the `.refused` half of `AuthFailure`.
public enum AuthRefusal: Sendable, Equatable, Hashable {
  /// The identifier and password do not match an account (the same for an unknown one).
  case invalidCredentials
  /// Too many failed attempts for this identifier; try again after this many seconds.
  case locked(retryAfterSeconds: Int)
  /// The one-time code is wrong; this many attempts are left.
  case invalidCode(attemptsLeft: Int)
  /// The one-time code expired or was used already: sign in again.
  case codeExpired
  /// Too many wrong codes used up the challenge: sign in again.
  case tooManyAttempts
  /// Another account already has this identifier.
  case identifierTaken
  /// The server refused a field of the form; the message is the server's.
  case invalidInput(InputField, message: String)
  /// The access token is no longer good (expired early, or rotated); a renewal may help.
  case accessTokenRejected
  /// The session is over: the refresh token or the session was revoked, expired or reused.
  case sessionEnded

  /// A field of a sign-in, sign-up or profile form.
  public enum InputField: String, Sendable, Equatable, Hashable, CaseIterable {
    /// The identifier: an email, a username or a phone number, as the app's rules say.
    case identifier
    /// The password.
    case password
    /// The display name.
    case name
    /// The user type.
    case userType = "user_type"
  }

  /// A stable snake_case code, the same as API.md's where there is one.
  public var code: String {
    switch self {
    case .invalidCredentials: "invalid_credentials"
    case .locked: "account_locked"
    case .invalidCode: "invalid_code"
    case .codeExpired: "challenge_expired"
    case .tooManyAttempts: "too_many_attempts"
    case .identifierTaken: "identifier_taken"
    case .invalidInput(let field, _): "invalid_" + field.rawValue
    case .accessTokenRejected: "access_token_rejected"
    case .sessionEnded: "session_ended"
    }
  }

  /// One sentence for a developer.
  public var message: String {
    switch self {
    case .invalidCredentials: "The identifier or password is wrong."
    case .locked(let seconds): "Too many failed attempts; try again in \(seconds) seconds."
    case .invalidCode(let left): "The code is wrong; \(left) attempts left."
    case .codeExpired: "The code has expired or was used."
    case .tooManyAttempts: "Too many wrong codes."
    case .identifierTaken: "Another account already has this identifier."
    case .invalidInput(let field, let message): "The \(field.rawValue) was refused: \(message)"
    case .accessTokenRejected: "The server no longer accepts the access token."
    case .sessionEnded: "The server ended the session."
    }
  }
}

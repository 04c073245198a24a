import Foundation
import Localization
import UserModel

/// Why a sign-in, sign-up, code check or profile change failed.
///
/// The server's adapter reports an `AuthFailure`; each becomes one case here. With the Koober
/// adapter (`KooberAuthAPI`), each answer of API.md becomes:
///
/// | API answer                                          | LoginError                       |
/// |-----------------------------------------------------|----------------------------------|
/// | 401 `invalid_credentials`                           | `.invalidCredentials(kind)`      |
/// | 423 `account_locked` + `retryAfter`                 | `.locked(retryAfterSeconds:)`    |
/// | 409 `email_taken`                                   | `.identifierTaken(kind)`         |
/// | 422 `invalid_email`                                 | `.invalidIdentifier(message)`    |
/// | 422 `weak_password`                                 | `.weakPassword(message)`         |
/// | 422 `invalid_name`                                  | `.invalidName(message)`          |
/// | 422 `invalid_type`                                  | `.invalidType`                   |
/// | 401 `invalid_code` + `attemptsLeft`                 | `.invalidCode(attemptsLeft:)`    |
/// | 410 `challenge_expired`                             | `.challengeExpired`              |
/// | 429 `too_many_attempts`                             | `.tooManyAttempts`               |
/// | 401 `invalid_token` / `token_expired` after renewal | `.notSignedIn` (session ended)   |
/// | 401 `invalid_refresh_token` / `refresh_token_reused`| `.notSignedIn` (session ended)   |
/// | 400 `malformed_body`, 413, 404, 405, other codes    | `.serverTrouble(message)`        |
/// | 503 `server_busy` + `retryAfter`                    | `.serverBusy(retryAfterSeconds:)`|
/// | 5xx, a body that is not the API's JSON              | `.serverTrouble(message)`        |
/// | no connection (offline, DNS, refused, TLS)          | `.offline`                       |
/// | no answer in time                                   | `.timeout`                       |
/// | an operation the server does not offer (any adapter)| `.unsupported(operation)`        |
///
/// The `message` of a 422 is the server's own, kept when the app speaks English; in another
/// language the case holds an empty message and shows LoginCore's sentence for the field
/// (``init(refused:serverMessage:)``).
///
/// `kind` is the `IdentifierKind` of the service's `IdentifierRule`, so the sentence names
/// what the person signs in with ("The username or password is wrong.").
///
/// The identifier, password and name rules are also checked on the device before sign-up and
/// `updateName(_:)` send anything, giving the same cases without a round trip. A failure to
/// record the session on this device is `.storage`, except an account database written by a
/// newer app version, which is `.updateRequired`: retrying cannot help there.
public enum LoginError: Error, Sendable, Equatable {
  /// The identifier and password do not match an account (the same answer for an unknown
  /// identifier); the kind names the identifier in the sentence.
  case invalidCredentials(IdentifierKind)
  /// Too many failed sign-ins for this identifier; try again after the given number of
  /// seconds.
  case locked(retryAfterSeconds: Int)
  /// Another account already uses this identifier; the kind names it in the sentence.
  case identifierTaken(IdentifierKind)
  /// The identifier is not acceptable; the message says why (LoginCore's general sentence
  /// when it is empty).
  case invalidIdentifier(String)
  /// The password is too weak; the message says what it needs (LoginCore's general sentence
  /// when it is empty).
  case weakPassword(String)
  /// The name is not acceptable; the message says why (LoginCore's general sentence when it
  /// is empty).
  case invalidName(String)
  /// The account type is not one the server knows.
  case invalidType
  /// The one-time code is wrong; this many attempts are left.
  case invalidCode(attemptsLeft: Int)
  /// The one-time code's challenge expired or was already used: sign in again.
  case challengeExpired
  /// Three wrong codes ended the challenge: sign in again.
  case tooManyAttempts
  /// No one is signed in (or the server ended the session).
  case notSignedIn
  /// Another sign-in, sign-up or code check of this service is still running.
  case alreadyInProgress
  /// The server could not be reached.
  case offline
  /// The server did not answer in time.
  case timeout
  /// The server has more sign-ins to check than it can at once and asks to try again after
  /// the given number of seconds; nothing was checked or counted.
  case serverBusy(retryAfterSeconds: Int)
  /// The server failed or answered something the app does not understand; the message says
  /// what.
  case serverTrouble(String)
  /// The server does not offer the operation, e.g. sign-up on an OAuth provider.
  case unsupported(AuthOperation)
  /// The stored session exists but cannot be read; nothing was deleted. The message says why.
  case sessionUnavailable(String)
  /// Saving on this device failed; nothing was half-written. The message says what failed.
  case storage(String)
  /// This device's account data was written by a newer version of the app and is left
  /// untouched; trying again cannot help, only updating the app can.
  case updateRequired

  /// A stable snake_case code a program can switch on (the API's code where there is one).
  public var code: String {
    switch self {
    case .invalidCredentials: "invalid_credentials"
    case .locked: "account_locked"
    case .identifierTaken: "identifier_taken"
    case .invalidIdentifier: "invalid_identifier"
    case .weakPassword: "weak_password"
    case .invalidName: "invalid_name"
    case .invalidType: "invalid_type"
    case .invalidCode: "invalid_code"
    case .challengeExpired: "challenge_expired"
    case .tooManyAttempts: "too_many_attempts"
    case .notSignedIn: "not_signed_in"
    case .alreadyInProgress: "already_in_progress"
    case .offline: "offline"
    case .timeout: "timeout"
    case .serverBusy: "server_busy"
    case .serverTrouble: "server_trouble"
    case .unsupported(let operation): "unsupported_" + operation.rawValue
    case .sessionUnavailable: "session_unavailable"
    case .storage: "storage_failed"
    case .updateRequired: "account_database_too_new"
    }
  }

  /// The error for a server refusing one field of a form.
  ///
  /// The server's explanation is in the server's language, English for Koober's: it is kept
  /// when the app speaks English, and LoginCore's general sentence for the field is shown
  /// otherwise, so a Chinese screen never shows half a sentence in English.
  /// - Parameters:
  ///   - field: The field the server refused.
  ///   - serverMessage: The server's explanation.
  public init(refused field: AuthRefusal.InputField, serverMessage: String) {
    let reason = Texts.serverMessage(serverMessage) ?? ""
    switch field {
    case .identifier: self = .invalidIdentifier(reason)
    case .password: self = .weakPassword(reason)
    case .name: self = .invalidName(reason)
    case .userType: self = .invalidType
    }
  }

  /// One sentence a person understands, in the language `Texts.language` names.
  public var message: String {
    switch self {
    case .invalidCredentials(let kind): kind.wrongPasswordMessage
    case .locked(let seconds):
      seconds > 60
        ? LoginCoreText.counted("error.lockedMinutes", Self.minutes(seconds), as: "minutes")
        : LoginCoreText.counted("error.lockedSeconds", max(seconds, 1), as: "seconds")
    case .identifierTaken(let kind): kind.takenMessage
    case .invalidIdentifier(let reason):
      reason.isEmpty ? LoginCoreText.text("error.invalidIdentifier") : reason
    case .weakPassword(let reason):
      reason.isEmpty ? LoginCoreText.text("error.weakPassword") : reason
    case .invalidName(let reason):
      reason.isEmpty ? LoginCoreText.text("error.invalidName") : reason
    case .invalidType: LoginCoreText.text("error.invalidType")
    case .invalidCode(let left): LoginCoreText.counted("error.invalidCode", left, as: "left")
    case .challengeExpired: LoginCoreText.text("error.challengeExpired")
    case .tooManyAttempts: LoginCoreText.text("error.tooManyAttempts")
    case .notSignedIn: LoginCoreText.text("error.notSignedIn")
    case .alreadyInProgress: LoginCoreText.text("error.alreadyInProgress")
    case .offline: LoginCoreText.text("error.offline")
    case .timeout: LoginCoreText.text("error.timeout")
    case .serverBusy(let seconds):
      seconds > 60
        ? LoginCoreText.counted("error.serverBusyMinutes", Self.minutes(seconds), as: "minutes")
        : LoginCoreText.counted("error.serverBusySeconds", max(seconds, 1), as: "seconds")
    case .serverTrouble(let detail): LoginCoreText.text("error.serverTrouble", ["detail": detail])
    case .unsupported(let operation):
      LoginCoreText.text("error.unsupported", ["operation": operation.summary])
    case .sessionUnavailable(let detail):
      LoginCoreText.text("error.sessionUnavailable", ["detail": detail])
    case .storage(let detail): LoginCoreText.text("error.storage", ["detail": detail])
    case .updateRequired: LoginCoreText.text("error.updateRequired")
    }
  }

  /// Whole minutes, rounded up and at least one, in a wait of `seconds`; written so no
  /// server value can overflow.
  package static func minutes(_ seconds: Int) -> Int {
    guard seconds > 60 else { return 1 }
    return seconds / 60 + (seconds % 60 == 0 ? 0 : 1)
  }
}

extension LoginError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

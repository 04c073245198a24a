import Foundation
import LoginCore
import UserModel

/// Why a login step did not succeed: a typed reason a program can switch on, with a stable
/// `code` and one sentence (`message`) a person understands.
public enum LoginFailure: Error, Sendable, Hashable {
  /// The form breaks a `CredentialRules` rule; nothing was sent.
  case invalidInput(CredentialProblem)
  /// The one-time code is not six digits; nothing was sent.
  case malformedCode
  /// The identifier or the password is wrong (the server does not say which); the kind
  /// names the identifier in the sentence ("The username or password is wrong.").
  case wrongIdentifierOrPassword(IdentifierKind)
  /// Too many failed sign-ins for this identifier; try again after `minutes`.
  case locked(minutes: Int)
  /// Another account already uses this identifier ("That username is taken").
  case identifierTaken(IdentifierKind)
  /// The server refused a field of the form (`code` is the API's, e.g. `weak_password`).
  case rejectedByServer(code: String, message: String)
  /// The one-time code is wrong; `attemptsLeft` more may be tried.
  case wrongCode(attemptsLeft: Int)
  /// The one-time code's 60 seconds are over; sign in again for a new one.
  case codeExpired
  /// The third wrong code ended the challenge; sign in again for a new one.
  case tooManyAttempts
  /// A resumed challenge cannot send a new code (the password is not known); the current
  /// code still works, or sign in again for a new one.
  case resendUnavailable
  /// Another sign-in of this app is already running.
  case busy
  /// The server cannot be reached (no connection, or it did not answer in time).
  case offline
  /// The server is too busy to check a password now; try again after `seconds`.
  case serverBusy(seconds: Int)
  /// The server answered with an error or something unreadable.
  case serverTrouble
  /// The session could not be saved on this device.
  case notSaved
  /// This device's data is from a newer version of the app; only an update lets the person in.
  case updateRequired
  /// There is no session to act on.
  case signedOut
  /// The account server does not offer this step (sign-up on an OAuth provider, for one).
  case unsupported(AuthOperation)

  /// A stable snake_case identifier, safe for the event log.
  public var code: String {
    switch self {
    case .invalidInput(let problem): problem.code
    case .malformedCode: "malformed_code"
    case .wrongIdentifierOrPassword: "invalid_credentials"
    case .locked: "account_locked"
    case .identifierTaken: "identifier_taken"
    case .rejectedByServer(let code, _): code
    case .wrongCode: "invalid_code"
    case .codeExpired: "challenge_expired"
    case .tooManyAttempts: "too_many_attempts"
    case .resendUnavailable: "resend_unavailable"
    case .busy: "already_in_progress"
    case .offline: "offline"
    case .serverBusy: "server_busy"
    case .serverTrouble: "server_trouble"
    case .notSaved: "storage_failed"
    case .updateRequired: "account_database_too_new"
    case .signedOut: "not_signed_in"
    case .unsupported(let operation): "unsupported_" + operation.rawValue
    }
  }

  /// One sentence that says what went wrong and what to do.
  public var message: String {
    switch self {
    case .invalidInput(let problem): problem.message
    case .malformedCode: LoginLogicText.text("failure.malformedCode")
    case .wrongIdentifierOrPassword(let kind): kind.wrongPasswordMessage
    case .locked(let minutes): LoginLogicText.counted("failure.locked", minutes, as: "minutes")
    case .identifierTaken(let kind): kind.takenMessage
    case .rejectedByServer(_, let message): message
    case .wrongCode(let left): LoginLogicText.counted("failure.wrongCode", left, as: "left")
    case .codeExpired: LoginLogicText.text("failure.codeExpired")
    case .tooManyAttempts: LoginLogicText.text("failure.tooManyAttempts")
    case .resendUnavailable: LoginLogicText.text("failure.resendUnavailable")
    case .busy: LoginLogicText.text("failure.busy")
    case .offline: LoginLogicText.text("failure.offline")
    case .serverBusy(let seconds):
      LoginLogicText.counted("failure.serverBusy", seconds, as: "seconds")
    case .serverTrouble: LoginLogicText.text("failure.serverTrouble")
    case .notSaved: LoginLogicText.text("failure.notSaved")
    case .updateRequired: LoginLogicText.text("failure.updateRequired")
    case .signedOut: LoginLogicText.text("failure.signedOut")
    case .unsupported(let operation):
      LoginLogicText.text("failure.unsupported", ["operation": operation.summary])
    }
  }
}

extension LoginFailure: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

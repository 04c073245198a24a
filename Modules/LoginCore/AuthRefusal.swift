import Localization
import UserModel

/// What was refused, so that the person must act: the `.refused` part of `AuthFailure`.
///
/// Most come from the server; a few are refused on the device before anything is sent
/// (``invalidForm(_:)``, ``malformedCode``, ``notSignedIn``, ``unknownAccount``,
/// ``updateRequired``), and two by the app's passkey authenticator (``passkeyCancelled``,
/// ``noPasskey``).
public enum AuthRefusal: Sendable, Equatable, Hashable {
  /// The identifier and password do not match an account (the same for an unknown one). The
  /// kind names the identifier in the sentence; ServiceUser sets its rule's kind.
  case invalidCredentials(IdentifierKind)
  /// Too many failed attempts for this identifier; try again after this many seconds.
  case locked(retryAfterSeconds: Int)
  /// Another account already has this identifier; the kind names it in the sentence.
  case identifierTaken(IdentifierKind)
  /// The server refused a field of the form; the message is the server's (shown cleaned:
  /// one line, no control or bidi characters, at most 300 characters), or empty for the
  /// module's general sentence about the field.
  case invalidInput(InputField, message: String)
  /// The form breaks the app's own rules (`CredentialRules`, the `IdentifierRule`): nothing
  /// was sent. Its `code` is the precise reason (`CredentialProblem.reasonCode`, e.g.
  /// `username_too_long`, `email_missing_at`), not the field's API code.
  case invalidForm(CredentialProblem)
  /// The one-time code is not six digits: nothing was sent.
  case malformedCode
  /// The one-time code is wrong; this many attempts are left.
  case invalidCode(attemptsLeft: Int)
  /// The one-time code expired or was used already: sign in again.
  case codeExpired
  /// Too many wrong codes used up the challenge: sign in again.
  case tooManyAttempts
  /// The access token is no longer good (expired early, or rotated); a renewal may help.
  case accessTokenRejected
  /// The session is over: the refresh token or the session was revoked, expired or reused.
  case sessionEnded
  /// No one is signed in on this device.
  case notSignedIn
  /// No account with that user id has signed in on this device, so it has no data here
  /// (`ServiceUser.userDatabase(for:)`): sign in with it first.
  case unknownAccount
  /// This device's account data was written by a newer version of the app and is left
  /// untouched; only updating the app helps.
  case updateRequired
  /// The person did not allow the sign-in at the provider's page (OAuth's `access_denied`).
  case signInDeclined
  /// A browser sign-in could not be completed as started: its answer belongs to another
  /// sign-in (another `state`), or its code can no longer be redeemed. Start it again.
  case signInInterrupted
  /// A browser or device sign-in was not finished in time: the provider's device code
  /// expired (RFC 8628's `expired_token`), or the browser never came back. Start it again.
  case signInExpired
  /// The person cancelled a browser or device sign-in before it finished: nothing was kept.
  case signInCancelled
  /// The person cancelled the passkey request at the authenticator (the system sheet, the
  /// local check): nothing was sent.
  case passkeyCancelled
  /// The authenticator holds no passkey for this site (its RP ID), or none of those the
  /// server allows: sign in another way, or add one first.
  case noPasskey
  /// The server asks for a recent sign-in before this change (adding a passkey adds a way
  /// into the account): sign in again, then repeat it.
  case reauthenticationRequired
  /// The server did not accept the passkey: its signature, its site, its challenge or its
  /// user did not verify (the same answer for each, so it tells an attacker nothing).
  case invalidPasskey
  /// This passkey is registered already (to this account or another).
  case passkeyExists
  /// No passkey of this account has that id (removed meanwhile, or never this account's).
  case passkeyNotFound
  /// The passkey request took too long, or was used already: start it again.
  case flowExpired

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

  /// A stable snake_case code a program can switch on or log. A refusal on the device gives
  /// the precise reason: `.invalidForm` the field problem's own code (`username_too_long`,
  /// `email_missing_at`, `password_too_short`, `name_too_long`); a field the server refused
  /// gives `invalid_` and the field (`invalid_identifier`, `invalid_password`, …).
  public var code: String {
    switch self {
    case .invalidCredentials: "invalid_credentials"
    case .locked: "account_locked"
    case .identifierTaken: "identifier_taken"
    case .invalidInput(let field, _): "invalid_" + field.rawValue
    case .invalidForm(let problem): problem.reasonCode
    case .malformedCode: "malformed_code"
    case .invalidCode: "invalid_code"
    case .codeExpired: "challenge_expired"
    case .tooManyAttempts: "too_many_attempts"
    case .accessTokenRejected: "access_token_rejected"
    case .sessionEnded: "session_ended"
    case .notSignedIn: "not_signed_in"
    case .unknownAccount: "unknown_account"
    case .updateRequired: "account_database_too_new"
    case .signInDeclined: "sign_in_declined"
    case .signInInterrupted: "sign_in_interrupted"
    case .signInExpired: "sign_in_expired"
    case .signInCancelled: "sign_in_cancelled"
    case .passkeyCancelled: "passkey_cancelled"
    case .noPasskey: "no_passkey"
    case .reauthenticationRequired: "reauthentication_required"
    case .invalidPasskey: "invalid_passkey"
    case .passkeyExists: "passkey_exists"
    case .passkeyNotFound: "not_found"
    case .flowExpired: "flow_expired"
    }
  }

  /// The refusal with the identifier named by `kind`, e.g. for an adapter's refusal before
  /// ServiceUser names it with its rule's kind.
  /// - Parameter kind: The kind of identifier.
  /// - Returns: The refusal.
  public func naming(_ kind: IdentifierKind) -> AuthRefusal {
    switch self {
    case .invalidCredentials: .invalidCredentials(kind)
    case .identifierTaken: .identifierTaken(kind)
    default: self
    }
  }

  /// One sentence a person understands, in the language `Texts.language` names.
  var message: String {
    switch self {
    case .invalidCredentials(let kind): kind.wrongPasswordMessage
    case .locked(let seconds):
      seconds > 60
        ? TextTable.loginCore.counted("error.lockedMinutes", wholeMinutes(seconds), as: "minutes")
        : TextTable.loginCore.counted("error.lockedSeconds", max(seconds, 1), as: "seconds")
    case .identifierTaken(let kind): kind.takenMessage
    // The server's own sentence: cleaned, for it is shown as it is.
    case .invalidInput(let field, let message):
      message.isEmpty
        ? Self.generalSentence(for: field)
        : ForeignText.clean(message, limit: Self.serverMessageLimit)
    case .invalidForm(let problem): problem.message
    case .malformedCode: TextTable.loginCore.text("error.malformedCode")
    case .invalidCode(let left):
      TextTable.loginCore.counted("error.invalidCode", max(left, 0), as: "left")
    case .codeExpired: TextTable.loginCore.text("error.challengeExpired")
    case .tooManyAttempts: TextTable.loginCore.text("error.tooManyAttempts")
    case .accessTokenRejected, .sessionEnded, .notSignedIn:
      TextTable.loginCore.text("error.signedOut")
    case .unknownAccount: TextTable.loginCore.text("error.unknownAccount")
    case .updateRequired: TextTable.loginCore.text("error.updateRequired")
    case .signInDeclined: TextTable.loginCore.text("error.signInDeclined")
    case .signInInterrupted: TextTable.loginCore.text("error.signInInterrupted")
    case .signInExpired: TextTable.loginCore.text("error.signInExpired")
    case .signInCancelled: TextTable.loginCore.text("error.signInCancelled")
    case .passkeyCancelled: TextTable.loginCore.text("error.passkeyCancelled")
    case .noPasskey: TextTable.loginCore.text("error.noPasskey")
    case .reauthenticationRequired:
      TextTable.loginCore.text("error.reauthenticationRequired")
    case .invalidPasskey: TextTable.loginCore.text("error.invalidPasskey")
    case .passkeyExists: TextTable.loginCore.text("error.passkeyExists")
    case .passkeyNotFound: TextTable.loginCore.text("error.passkeyNotFound")
    case .flowExpired: TextTable.loginCore.text("error.flowExpired")
    }
  }

  /// The longest server sentence shown for `invalidInput`, in Unicode scalars.
  static let serverMessageLimit = 300

  private static func generalSentence(for field: InputField) -> String {
    switch field {
    case .identifier: TextTable.loginCore.text("error.invalidIdentifier")
    case .password: TextTable.loginCore.text("error.weakPassword")
    case .name: TextTable.loginCore.text("error.invalidName")
    case .userType: TextTable.loginCore.text("error.invalidType")
    }
  }
}

import Foundation
import Localization
import UserModel

/// Why an account operation failed: the one error of the login stack, from the network to
/// the screen.
///
/// An adapter throws it (a network failure its protocol says nothing about through one table,
/// `init(_:detail:)`), a `SessionStore` throws it, ServiceUser's session core, account
/// database and every operation throw it typed, and LoginLogicControl hands it to its
/// delegates: nothing renames it on the way. Its three kinds call for different things:
/// - `.refused`: the person must act (a wrong password, a taken identifier, a form that
///   breaks the rules, a session that is over). `.sessionEnded` signs them out.
/// - `.unavailable`: no answer now (offline, timeout, busy, trouble, this device's storage).
///   Never a reason to end a session: try again later.
/// - `.unsupported`: this server has no such operation (sign-up on an OAuth provider).
///
/// Every wait is in seconds (`.locked(retryAfterSeconds:)`, `.busy(retryAfterSeconds:)`);
/// the sentence says minutes when it is longer than one.
///
/// ```swift
/// do {
///   _ = try await service.signIn(identifier: typed, password: password)
/// } catch .refused(.locked(let seconds)) {
///   showLocked(for: seconds)
/// } catch {
///   show(error.message)   // e.g. "The username or password is wrong."
/// }
/// ```
public enum AuthFailure: Error, Sendable, Equatable, Hashable {
  /// Refused: the person must act.
  case refused(AuthRefusal)
  /// No answer now: try again later.
  case unavailable(AuthUnavailability)
  /// The server does not offer the operation.
  case unsupported(AuthOperation)

  /// A stable snake_case code a program can switch on or log, e.g. `invalid_credentials`,
  /// `offline`, `unsupported_sign_up`; a form refused on the device gives the precise reason,
  /// e.g. `username_too_long` or `email_missing_at` (see `AuthRefusal.code`).
  public var code: String {
    switch self {
    case .refused(let refusal): refusal.code
    case .unavailable(let unavailability): unavailability.code
    case .unsupported(let operation): "unsupported_" + operation.rawValue
    }
  }

  /// One sentence a person understands and can act on, in the language `Texts.language`
  /// names, from LoginCore's tables (an app's own `LoginCore.strings` rewords any of them).
  public var message: String {
    switch self {
    case .refused(let refusal): refusal.message
    case .unavailable(let unavailability): unavailability.message
    case .unsupported(.resendCode): TextTable.loginCore.text("error.resendUnavailable")
    case .unsupported(let operation):
      TextTable.loginCore.text("error.unsupported", ["operation": operation.summary])
    }
  }

  /// Whether this failure means the session is over: the refresh token or the session was
  /// refused. Only this ends a session.
  public var endsSession: Bool {
    self == .refused(.sessionEnded)
  }

  /// The failure with the identifier named by `kind` (see `AuthRefusal.naming(_:)`).
  /// - Parameter kind: The kind of identifier.
  /// - Returns: The failure.
  public func naming(_ kind: IdentifierKind) -> AuthFailure {
    guard case .refused(let refusal) = self else { return self }
    return .refused(refusal.naming(kind))
  }

  /// Whole minutes, rounded up and at least one, in a wait of `seconds`; written so no
  /// server value can overflow.
  package static func minutes(_ seconds: Int) -> Int {
    wholeMinutes(seconds)
  }
}

/// Whole minutes, rounded up and at least one, in a wait of `seconds`; written so no server
/// value can overflow.
func wholeMinutes(_ seconds: Int) -> Int {
  guard seconds > 60 else { return 1 }
  return seconds / 60 + (seconds % 60 == 0 ? 0 : 1)
}

extension AuthFailure: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

extension AuthFailure: CustomStringConvertible {
  /// The code, the sentence in English and any detail, for logs and reports, e.g.
  /// `server_trouble: The server is having trouble; try again in a moment. (HTTP 500)`.
  /// Whatever a server wrote in it comes cleaned (`ForeignText`): one line, no control, bidi
  /// or format characters.
  public var description: String {
    let sentence = Texts.inEnglish { message }
    guard case .unavailable(let unavailability) = self, let detail = unavailability.detail,
      !unavailability.messageShowsDetail
    else { return "\(code): \(sentence)" }
    return "\(code): \(sentence) (\(detail))"
  }
}

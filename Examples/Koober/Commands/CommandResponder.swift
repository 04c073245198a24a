import LoginCore
import LoginLogicControl
import ServiceUser
import UserModel

/// The logic controls' delegate when `koober` runs one subcommand: it runs the control's
/// step and returns the outcome, and the command prints it and picks the exit status.
///
/// ```swift
/// let responder = CommandResponder()
/// control.delegate = responder
/// switch await responder.outcome(of: { control.signIn(identifier: email, password: password) }) {
/// case .signedIn(let user, _): …
/// }
/// ```
@MainActor
final class CommandResponder {
  /// What the control reported last.
  enum Outcome {
    /// Signed in (or the saved session is valid), with a sentence to add, if any.
    case signedIn(User, note: String?)
    /// The saved session could not be checked: the server is unreachable.
    case offline(User, message: String)
    /// No one is signed in; the sentence says why when there is more to say.
    case notSignedIn(message: String?)
    /// The session store exists but cannot be read; nothing was deleted.
    case unreadable(message: String)
    /// A driver's sign-in needs the one-time code.
    case codeRequired(CodeLogicControl)
    /// The step failed; the person may try again.
    case failed(AuthFailure)
    /// The code's challenge is over (expired, too many wrong codes): sign in again.
    case challengeEnded(AuthFailure)
    /// Signed out, with a notice when the server did not take part.
    case signedOut(notice: String?)
  }

  /// The last outcome, or `nil` while nothing was reported.
  private var reported: Outcome?

  /// Runs a control's steps in order, each only while the control has reported nothing yet,
  /// and returns what it reported last.
  ///
  /// A control reports every step it starts; a call it ignores is one made while another
  /// of its steps is in flight (each control documents so), which is
  /// `.failed(.unavailable(.inProgress))`. So there is always an outcome.
  /// - Parameter steps: Starts a step of the control this responder is the delegate of,
  ///   e.g. `{ control.signIn(identifier: e, password: p) }`, and returns it when it runs.
  /// - Returns: The outcome.
  func outcome(of steps: (() -> Task<Void, Never>?)...) async -> Outcome {
    for step in steps where reported == nil {
      await step()?.value
    }
    return reported ?? .failed(.unavailable(.inProgress))
  }

  private func report(_ outcome: Outcome) {
    reported = outcome
  }
}

extension CommandResponder: LaunchLogicDelegate {
  func launchLogic(
    _ control: LaunchLogicControl, didRestoreSessionOf user: User, goHomeAsRoot home: UserType
  ) {
    report(.signedIn(user, note: nil))
  }

  func launchLogic(
    _ control: LaunchLogicControl, couldNotValidateSessionOf user: User,
    goHomeOfflineAsRoot home: UserType, message: String
  ) {
    report(.offline(user, message: message))
  }

  func launchLogicFoundNoSessionGoToWelcome(_ control: LaunchLogicControl) {
    report(.notSignedIn(message: nil))
  }

  func launchLogic(_ control: LaunchLogicControl, sessionExpiredGoToWelcomeWith message: String) {
    report(.notSignedIn(message: message))
  }

  func launchLogic(
    _ control: LaunchLogicControl, sessionUnreadableGoToWelcomeWith message: String
  ) {
    report(.unreadable(message: message))
  }
}

extension CommandResponder: SignInLogicDelegate, SignUpLogicDelegate, CodeLogicDelegate {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    report(.signedIn(user, note: route.message))
  }

  func signInLogicDidStart(_ control: SignInLogicControl) {}

  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    report(.failed(failure))
  }

  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {
    report(.codeRequired(codeControl))
  }

  func signUpLogicDidStart(_ control: SignUpLogicControl) {}

  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
    report(.failed(failure))
  }

  func codeLogic(_ control: CodeLogicControl, countdownDidTick secondsLeft: Int) {}

  func codeLogicDidStartVerifying(_ control: CodeLogicControl) {}

  func codeLogic(_ control: CodeLogicControl, didFail failure: AuthFailure) {
    report(.failed(failure))
  }

  func codeLogicDidStartResending(_ control: CodeLogicControl) {}

  func codeLogicDidResendCode(_ control: CodeLogicControl) {}

  func codeLogic(_ control: CodeLogicControl, challengeEndedGoBackToSignIn failure: AuthFailure) {
    report(.challengeEnded(failure))
  }
}

extension CommandResponder: SessionLogicDelegate {
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) {}

  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    report(.signedOut(notice: notice))
  }

  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) {
    report(.notSignedIn(message: message))
  }
}

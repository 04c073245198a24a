import LoginCore
/// Receives what happens on the one-time-code screen; success arrives through the
/// `LoginRouteDelegate` methods it inherits.
@MainActor
public protocol CodeLogicDelegate: LoginRouteDelegate {
  /// One second passed (or the countdown began): show the time left.
  /// - Parameters:
  ///   - control: The code control.
  ///   - secondsLeft: Whole seconds until the code expires, from 60 down to 1.
  func codeLogic(_ control: CodeLogicControl, countdownDidTick secondsLeft: Int)

  /// The code was sent for checking: show that it is loading.
  /// - Parameter control: The code control.
  func codeLogicDidStartVerifying(_ control: CodeLogicControl)

  /// The code step failed but may go on: stay and show `failure.message`.
  /// - Parameters:
  ///   - control: The code control.
  ///   - failure: e.g. `.refused(.invalidCode(attemptsLeft:))`, `.refused(.malformedCode)`,
  ///     `.unsupported(.resendCode)`, `.unavailable(.offline)`.
  func codeLogic(_ control: CodeLogicControl, didFail failure: AuthFailure)

  /// A new code was asked for (by signing in again): show that it is loading.
  /// - Parameter control: The code control.
  func codeLogicDidStartResending(_ control: CodeLogicControl)

  /// A new code was sent; the countdown starts again with the next tick.
  /// - Parameter control: The code control.
  func codeLogicDidResendCode(_ control: CodeLogicControl)

  /// The challenge is over: go back to sign-in and show `failure.message` there.
  /// - Parameters:
  ///   - control: The code control.
  ///   - failure: `.refused(.codeExpired)` (the challenge expired),
  ///     `.refused(.tooManyAttempts)`, or why signing in again for a new code failed
  ///     (`.refused(.invalidCredentials(_:))`, `.refused(.locked(retryAfterSeconds:))`).
  func codeLogic(_ control: CodeLogicControl, challengeEndedGoBackToSignIn failure: AuthFailure)
}

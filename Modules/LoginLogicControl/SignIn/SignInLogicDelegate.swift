import LoginCore
/// Receives what happens on the sign-in screen; success arrives through the
/// `LoginRouteDelegate` methods it inherits.
@MainActor
public protocol SignInLogicDelegate: LoginRouteDelegate {
  /// A sign-in was sent: show that it is loading.
  /// - Parameter control: The sign-in control.
  func signInLogicDidStart(_ control: SignInLogicControl)

  /// The sign-in was refused or failed; stay on the screen and show `failure.message`.
  /// - Parameters:
  ///   - control: The sign-in control.
  ///   - failure: Why, e.g. `.refused(.invalidForm(_:))` (nothing sent),
  ///     `.refused(.invalidCredentials(_:))`, `.refused(.locked(retryAfterSeconds:))`,
  ///     `.unavailable(.offline)`, `.unavailable(.serverTrouble(_:))`.
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure)

  /// Your server asked for a one-time code (a second step, e.g. for some types of account):
  /// show the code screen driven by `codeControl`, set its delegate, then call its `start()`.
  /// - Parameters:
  ///   - control: The sign-in control.
  ///   - codeControl: The control of the code step, already holding the challenge.
  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl)
}

import LoginCore
/// Receives what happens on the sign-up screen; success arrives through the
/// `LoginRouteDelegate` methods it inherits.
@MainActor
public protocol SignUpLogicDelegate: LoginRouteDelegate {
  /// A sign-up was sent: show that it is loading.
  /// - Parameter control: The sign-up control.
  func signUpLogicDidStart(_ control: SignUpLogicControl)

  /// The sign-up was refused or failed; stay on the screen and show `failure.message`.
  /// - Parameters:
  ///   - control: The sign-up control.
  ///   - failure: Why, e.g. `.refused(.invalidForm(_:))` (nothing sent),
  ///     `.refused(.identifierTaken(_:))`, `.refused(.invalidInput(_:message:))`,
  ///     `.unavailable(.offline)`, `.unavailable(.serverTrouble(_:))`.
  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure)
}

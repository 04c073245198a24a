import LoginCore
import UserModel

/// Receives the end of a session, whichever screen is showing.
@MainActor
public protocol SessionLogicDelegate: AnyObject {
  /// Signing out began: show that it is loading (it can take a moment without a connection).
  /// - Parameter control: The session control.
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl)

  /// The user signed out: go to welcome.
  /// - Parameters:
  ///   - control: The session control.
  ///   - notice: `nil` normally; one sentence when the server could not be reached and the
  ///     session ended on this device only.
  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?)

  /// The session was revoked or expired while signed in: go to welcome with the message, from
  /// whatever screen is showing.
  /// - Parameters:
  ///   - control: The session control.
  ///   - reason: `.revoked` or `.expired`.
  ///   - message: One sentence saying the person must sign in again.
  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String)

  /// Another kept account is the active one now: go where `route` says (its home, as the
  /// root), as after a sign-in. Told after `signOut()` of the active account when the
  /// service keeps others, and when a switch made elsewhere arrives through the stream.
  ///
  /// The default goes to welcome with `notice`, as before several accounts: implement it to
  /// show the account's home.
  /// - Parameters:
  ///   - control: The session control.
  ///   - user: The account's user, active now.
  ///   - route: Where to go: the home of its type, as the root.
  ///   - notice: As for `sessionLogic(_:didSignOutGoToWelcomeWith:)` after a sign-out;
  ///     `nil` after a switch.
  func sessionLogic(
    _ control: SessionLogicControl, didSwitchTo user: User, route: LoginRoute, notice: String?)
}

extension SessionLogicDelegate {
  /// Goes to welcome with `notice`, as a delegate written before several accounts would.
  /// - Parameters:
  ///   - control: The session control.
  ///   - user: Not used.
  ///   - route: Not used.
  ///   - notice: The sign-out's notice, or `nil`.
  public func sessionLogic(
    _ control: SessionLogicControl, didSwitchTo user: User, route: LoginRoute, notice: String?
  ) {
    sessionLogic(control, didSignOutGoToWelcomeWith: notice)
  }
}

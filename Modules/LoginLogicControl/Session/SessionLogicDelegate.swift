import LoginCore

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
}

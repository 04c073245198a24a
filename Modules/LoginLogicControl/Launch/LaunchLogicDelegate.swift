import LoginCore
import UserModel

/// Receives the outcome of the launch check: one method per outcome, each naming where the
/// app goes (a signed-in responder and a not-signed-in responder, in one protocol).
@MainActor
public protocol LaunchLogicDelegate: AnyObject {
  /// The saved session is valid: show that type's home as the root.
  /// - Parameters:
  ///   - control: The launch control.
  ///   - user: The signed-in user.
  ///   - home: Whose home to show (the user's type).
  func launchLogic(
    _ control: LaunchLogicControl, didRestoreSessionOf user: User, goHomeAsRoot home: UserType)

  /// The server could not be reached, so the saved session is kept without validation: show
  /// the home as the root, marked offline.
  /// - Parameters:
  ///   - control: The launch control.
  ///   - user: The user of the saved session.
  ///   - home: Whose home to show (the user's type).
  ///   - message: One sentence for the offline banner.
  func launchLogic(
    _ control: LaunchLogicControl, couldNotValidateSessionOf user: User,
    goHomeOfflineAsRoot home: UserType, message: String)

  /// No saved session: show the welcome screen.
  /// - Parameter control: The launch control.
  func launchLogicFoundNoSessionGoToWelcome(_ control: LaunchLogicControl)

  /// The saved session has expired (and was cleared): show welcome with the message.
  /// - Parameters:
  ///   - control: The launch control.
  ///   - message: "Your session has expired; …".
  func launchLogic(_ control: LaunchLogicControl, sessionExpiredGoToWelcomeWith message: String)

  /// The session store exists but cannot be read; nothing was deleted: show welcome with the
  /// message.
  /// - Parameters:
  ///   - control: The launch control.
  ///   - message: One sentence explaining it: to update the app when a newer release wrote
  ///     the session, else that it could not be read
  ///     (`LaunchLogicControl.unavailableMessage(_:)`).
  func launchLogic(_ control: LaunchLogicControl, sessionUnreadableGoToWelcomeWith message: String)
}

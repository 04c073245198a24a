import Localization
import LoginCore
import LoginLogicControl
import ServiceUser
import UserModel

/// Where the app starts (the launch check), and where it goes when the session ends.
extension Navigator: LaunchLogicDelegate, SessionLogicDelegate {
  func launchLogic(
    _ control: LaunchLogicControl, didRestoreSessionOf user: User, goHomeAsRoot home: UserType
  ) {
    go(to: .home(user, alert: nil))
  }

  func launchLogic(
    _ control: LaunchLogicControl, couldNotValidateSessionOf user: User,
    goHomeOfflineAsRoot home: UserType, message: String
  ) {
    go(to: .home(user, alert: message))
  }

  func launchLogicFoundNoSessionGoToWelcome(_ control: LaunchLogicControl) {
    go(to: .welcome(alert: nil))
  }

  func launchLogic(_ control: LaunchLogicControl, sessionExpiredGoToWelcomeWith message: String) {
    go(to: .welcome(alert: message))
  }

  func launchLogic(
    _ control: LaunchLogicControl, sessionUnreadableGoToWelcomeWith message: String
  ) {
    go(to: .welcome(alert: message))
  }

  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) {}

  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    go(to: .welcome(alert: notice))
  }

  func sessionLogic(
    _ control: SessionLogicControl, didSwitchTo user: User, route: LoginRoute, notice: String?
  ) {
    // This process's own sign-out, another account kept: land on that account's home.
    // Any other switch is this process's own (`Switch account`), or one made elsewhere, which
    // `followSignOutsElsewhere()` words, knowing whether the account shown was signed out.
    guard signingOutHere else { return }
    land(on: user, afterSignOutWith: notice)
  }

  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) {
    // Only a session the screens are showing matters; the launch check reports its own.
    guard isShowingSignedInScreens else { return }
    go(to: .welcome(alert: message))
    app.console.input.interrupt()
  }
}

extension Navigator {
  /// Goes back to Welcome, with a sentence, when another process (a second terminal) signs
  /// the account shown here out: the service reports it as `.signedOut(.userAction)`, which
  /// `SessionLogicControl` takes for this process's own sign-out and leaves to `signOut()`.
  /// When another process makes another account active (a switch, or a sign-out of the
  /// account shown here while others stay signed in: `.accountRemoved` then `.switched`),
  /// goes to that account's home with a sentence. A screen waiting for a line is
  /// interrupted, as when a session ends.
  func followSignOutsElsewhere() {
    let changes = app.serviceUser.sessionChanges()
    elsewhereListener = Task { [weak self] in
      var removed: User?
      for await change in changes {
        guard let self else { return }
        switch change {
        case .signedOut(.userAction): self.signedOutElsewhere()
        case .switched(let user): self.switchedElsewhere(to: user, after: removed)
        default: break
        }
        if case .accountRemoved(let user, _) = change { removed = user } else { removed = nil }
      }
    }
  }

  private func switchedElsewhere(to user: User, after removed: User?) {
    // This process's own sign-out or switch already chose where the screens go.
    guard isShowingSignedInScreens, !signingOutHere, !switchingHere,
      !isShowingOrHeading(to: user)
    else { return }
    let signedOut = removed.map(isShowingOrHeading(to:)) ?? false
    go(
      to: .home(
        user,
        alert: signedOut
          ? TextTable.koober.text("session.signedOutElsewhereSwitched", ["who": user.who])
          : TextTable.koober.text("session.switchedElsewhere", ["who": user.who])))
    app.console.input.interrupt()
  }

  private func signedOutElsewhere() {
    // After this process's own sign-out the screens already left the signed-in ones.
    guard isShowingSignedInScreens, !signingOutHere else { return }
    go(to: .welcome(alert: TextTable.koober.text("session.signedOutElsewhere")))
    app.console.input.interrupt()
  }
}

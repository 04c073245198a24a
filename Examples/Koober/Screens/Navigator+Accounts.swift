import Localization
import LoginCore
import UserModel

/// The home screens' `Switch account` (the other accounts, making one active), and where
/// the screens land when a sign-out here leaves another account active.
extension Navigator {
  /// `[Switch account]`, listing the accounts besides `user`'s.
  /// - Parameter user: The active account's user.
  /// - Returns: The chosen account's switch, or `user`'s home.
  func chooseAccount(from user: User) async -> Destination {
    let others = await app.serviceUser.accounts().filter { $0.user.id != user.id }
    return await MenuScreen.switchAccount(console: app.console, others: others, from: user).run()
  }

  /// Makes `account` the active one (no server call) and lands on its home by type; when the
  /// service refuses (its session ended meanwhile), back to `user`'s home with the reason.
  /// - Parameters:
  ///   - account: The account chosen.
  ///   - user: The account that was active.
  /// - Returns: Where to go.
  func switchAccount(to account: Account, from user: User) async -> Destination {
    switchingHere = true
    defer { switchingHere = false }
    do {
      let session = try await app.serviceUser.switchAccount(to: account)
      // Its container now, so that the service's report of this switch is known as ours.
      _ = signedInContainer(for: session.user)
      let switched = TextTable.koober.text("switchAccount.done", ["who": session.user.who])
      return .home(session.user, alert: switched)
    } catch {
      return .home(user, alert: error.message)
    }
  }

  /// After this process signed the active account out while another stays signed in: that
  /// account's home, with the sign-out's notice (the server was not told) or a sentence
  /// naming it.
  /// - Parameters:
  ///   - user: The account active now.
  ///   - notice: The sign-out's notice, if any.
  func land(on user: User, afterSignOutWith notice: String?) {
    let landed = TextTable.koober.text("signOut.nowActive", ["who": user.who])
    go(to: .home(user, alert: notice ?? landed))
  }
}

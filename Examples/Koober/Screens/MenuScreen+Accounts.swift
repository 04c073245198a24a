import Localization
import LoginCore
import UserModel

extension MenuScreen {
  /// `[Switch account]`: the other accounts signed in on this device, most recently used
  /// first; choosing one makes it active and lands on its home. `Back home` returns to the
  /// active account's home unchanged.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - others: The accounts besides the active one.
  ///   - user: The active account's user, whose home `Back home` returns to.
  static func switchAccount(console: Console, others: [Account], from user: User) -> MenuScreen {
    let rows = others.map { account in
      MenuEntry(
        title: TextTable.koober.text(
          "switchAccount.row", ["who": account.user.who, "type": account.type.displayName]),
        value: Destination.switchTo(account, from: user))
    }
    return MenuScreen(
      console: console, title: TextTable.koober.text("switchAccount.title"), alert: nil,
      intro: TextTable.koober.text("switchAccount.intro"),
      entries: rows + [
        MenuEntry(title: TextTable.koober.text("entry.backHome"), value: .home(user, alert: nil))
      ])
  }
}

import KooberWire
import Localization
import UserModel

extension MenuScreen {
  /// `[Passenger home]` or `[Driver home]`: a greeting and the menu the signed-in container
  /// built for this user.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in user.
  ///   - entries: The menu, from the signed-in container.
  ///   - alert: One sentence to show first.
  static func home(
    console: Console, user: User, entries: [MenuEntry<Destination>], alert: String?
  ) -> MenuScreen {
    let name = ["name": user.name ?? user.identifier]
    let isDriver = user.type == .driver
    let title = user.type.homeTitle
    let intro =
      isDriver
      ? TextTable.koober.text("home.helloDriver", name)
      : TextTable.koober.text("home.helloPassenger", name)
    return MenuScreen(
      console: console, title: title, alert: alert, intro: intro, entries: entries)
  }
}

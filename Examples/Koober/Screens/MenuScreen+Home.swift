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
    let title =
      isDriver ? KooberText.text("home.driverTitle") : KooberText.text("home.passengerTitle")
    let intro =
      isDriver
      ? KooberText.text("home.helloDriver", name) : KooberText.text("home.helloPassenger", name)
    return MenuScreen(
      console: console, title: title, alert: alert, intro: intro, entries: entries)
  }
}

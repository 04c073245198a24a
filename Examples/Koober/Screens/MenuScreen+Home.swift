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
    let role = user.type == .driver ? "driver" : "passenger"
    return MenuScreen(
      console: console, title: user.type == .driver ? "Driver home" : "Passenger home",
      alert: alert,
      intro: "Hello, \(user.name ?? user.email)! You are signed in as a \(role).",
      entries: entries)
  }
}

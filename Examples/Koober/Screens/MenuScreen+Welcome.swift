/// The menus shown before anyone is signed in.
extension MenuScreen {
  /// `[Welcome]`: sign in, sign up, browse as a guest, or quit.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: Why the person is here, e.g. "Your session has expired; …".
  static func welcome(console: Console, alert: String?) -> MenuScreen {
    MenuScreen(
      console: console, title: "Welcome", alert: alert,
      intro: "Koober: rides around Sydney, from sign-up to the driver at your door.",
      entries: [
        MenuEntry(title: "Sign in", value: .signIn(from: .welcome, alert: nil)),
        MenuEntry(title: "Sign up", value: .signUp(from: .welcome)),
        MenuEntry(title: "Browse as guest", value: .guestHome(alert: nil)),
        MenuEntry(title: "Quit", value: .quit),
      ])
  }

  /// `[Guest home]`: the features of the guest gate, each marked with what it needs, plus
  /// signing in or up. A feature that needs an account asks for a sign-in and returns to the
  /// feature afterwards.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: One sentence to show first.
  static func guestHome(console: Console, alert: String?) -> MenuScreen {
    let features = FeatureCatalog.shown.map {
      MenuEntry(
        title: FeatureCatalog.menuTitle($0), note: FeatureCatalog.guestNote($0),
        value: Destination.feature($0, user: nil))
    }
    return MenuScreen(
      console: console, title: "Guest home", alert: alert,
      intro: "You are browsing without an account.",
      entries: features + [
        MenuEntry(title: "Sign in", value: .signIn(from: .welcome, alert: nil)),
        MenuEntry(title: "Sign up", value: .signUp(from: .welcome)),
        MenuEntry(title: "Back to welcome", value: .welcome(alert: nil)),
        MenuEntry(title: "Quit", value: .quit),
      ])
  }
}

/// `[Welcome]`: sign in, sign up, browse as a guest, or quit.
@MainActor
final class WelcomeScreen: Screen {
  private let console: Console
  private let alert: String?

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: Why the person is here, e.g. "Your session has expired; …".
  init(console: Console, alert: String?) {
    self.console = console
    self.alert = alert
  }

  func run() async -> Destination {
    console.title("Welcome")
    if let alert { console.alert(alert) }
    console.line("Koober: rides around Sydney, from sign-up to the driver at your door.")
    let entries: [MenuEntry<Destination>] = [
      MenuEntry(title: "Sign in", value: .signIn(from: .welcome, alert: nil)),
      MenuEntry(title: "Sign up", value: .signUp(from: .welcome)),
      MenuEntry(title: "Browse as guest", value: .guestHome(alert: nil)),
      MenuEntry(title: "Quit", value: .quit),
    ]
    return await console.chooseDestination(from: entries)
  }
}

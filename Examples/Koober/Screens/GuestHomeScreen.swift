/// `[Guest home]`: the features of the guest gate, each marked with what it needs, plus
/// signing in or up. A feature that needs an account asks for a sign-in and returns to the
/// feature afterwards.
@MainActor
final class GuestHomeScreen: Screen {
  private let console: Console
  private let alert: String?

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - alert: One sentence to show first.
  init(console: Console, alert: String?) {
    self.console = console
    self.alert = alert
  }

  func run() async -> Destination {
    console.title("Guest home")
    if let alert { console.alert(alert) }
    console.line("You are browsing without an account.")
    let features = FeatureCatalog.shown.map {
      MenuEntry(
        title: FeatureCatalog.menuTitle($0), note: FeatureCatalog.guestNote($0),
        value: Destination.feature($0, user: nil))
    }
    return await console.chooseDestination(
      from: features + [
        MenuEntry(title: "Sign in", value: .signIn(from: .welcome, alert: nil)),
        MenuEntry(title: "Sign up", value: .signUp(from: .welcome)),
        MenuEntry(title: "Back to welcome", value: .welcome(alert: nil)),
        MenuEntry(title: "Quit", value: .quit),
      ])
  }
}

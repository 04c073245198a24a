import UserModel

/// `[Passenger home]` or `[Driver home]`: a greeting and the menu the signed-in container
/// built for this user.
@MainActor
final class HomeScreen: Screen {
  private let console: Console
  private let user: User
  private let entries: [MenuEntry<Destination>]
  private let alert: String?

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - user: The signed-in user.
  ///   - entries: The menu, from the signed-in container.
  ///   - alert: One sentence to show first.
  init(console: Console, user: User, entries: [MenuEntry<Destination>], alert: String?) {
    self.console = console
    self.user = user
    self.entries = entries
    self.alert = alert
  }

  func run() async -> Destination {
    console.title(user.type == .driver ? "Driver home" : "Passenger home")
    if let alert { console.alert(alert) }
    let role = user.type == .driver ? "driver" : "passenger"
    console.line("Hello, \(user.name ?? user.email)! You are signed in as a \(role).")
    return await console.chooseDestination(from: entries)
  }
}

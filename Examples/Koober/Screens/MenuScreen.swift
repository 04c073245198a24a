/// A screen that is one menu of destinations: a title, the alert it was opened with, a line
/// saying where the person is, then the numbered choices. `[Welcome]`, `[Guest home]` and
/// the homes are made by the factories in `MenuScreen+Welcome.swift` and
/// `MenuScreen+Home.swift`, so they draw and read the same way.
@MainActor
final class MenuScreen: Screen {
  private let console: Console
  private let title: String
  private let alert: String?
  private let intro: String
  private let entries: [MenuEntry<Destination>]

  /// Makes the screen.
  /// - Parameters:
  ///   - console: The terminal.
  ///   - title: The screen's name, e.g. `Welcome`.
  ///   - alert: One sentence to show first, e.g. why the person is here.
  ///   - intro: The line under the title.
  ///   - entries: The choices, in order.
  init(
    console: Console, title: String, alert: String?, intro: String,
    entries: [MenuEntry<Destination>]
  ) {
    self.console = console
    self.title = title
    self.alert = alert
    self.intro = intro
    self.entries = entries
  }

  func run() async -> Destination {
    console.title(title)
    if let alert { console.alert(alert) }
    console.line(intro)
    return await console.chooseDestination(from: entries)
  }
}

import Localization
import LoginCore

/// `koober accounts`: one line per account signed in on this device, most recently used
/// first, the active one marked `* ` (the others `  `), then its identifier and type.
/// "Not signed in." and exit 4, as `status`, when there is none. It reads this device's
/// records only, so it works offline and never renews a session.
struct AccountsCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "accounts", summary: TextTable.kooberCommands.text("accounts.summary"),
      details: TextTable.kooberCommands.text("accounts.details"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withApp { app in
      let accounts = await app.serviceUser.accounts()
      guard !accounts.isEmpty else {
        console.line(TextTable.kooberCommands.text("session.notSignedIn"))
        return .notSignedIn
      }
      for line in Self.lines(accounts) { console.line(line) }
      return .ok
    }
  }

  /// The accounts' lines, their types lined up in one column (by terminal columns, so a
  /// wide identifier keeps them aligned).
  /// - Parameter accounts: The accounts, in the order to show.
  /// - Returns: One line per account.
  static func lines(_ accounts: [Account]) -> [String] {
    let identifiers = accounts.map(\.identifier.terminalSafe)
    let width = identifiers.map(\.terminalWidth).max() ?? 0
    return zip(accounts, identifiers).map { account, identifier in
      (account.isActive ? "* " : "  ") + identifier.padded(toWidth: width) + "  "
        + account.type.displayName
    }
  }
}

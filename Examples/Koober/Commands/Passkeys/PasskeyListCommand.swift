import Localization

/// `koober passkey list`: the signed-in account's passkeys, oldest first, one a line: its
/// id (what `rename` and `remove` take), its name, when it was created and last used.
struct PasskeyListCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "list", group: .passkey, summary: TextTable.kooberCommands.text("passkey.list.summary"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    await PasskeyCommandAccess.run(context) { app, control, presenter in
      let report = await presenter.run { control.loadPasskeys() }
      guard let passkeys = report.passkeys else {
        return PasskeyCommandAccess.refusal(report, console: app.console)
      }
      guard !passkeys.isEmpty else {
        app.console.line(TextTable.kooberCommands.text("passkey.list.empty"))
        return .ok
      }
      for line in PasskeyCommandAccess.lines(passkeys) { app.console.line(line) }
      return .ok
    }
  }
}

import Localization

/// `koober passkey remove ID`: removes one of the signed-in account's passkeys; it can no
/// longer sign in (the key stays in this device's folder, unused).
struct PasskeyRemoveCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "remove", group: .passkey,
      summary: TextTable.kooberCommands.text("passkey.remove.summary"), arguments: "ID",
      details: TextTable.kooberCommands.text("passkey.idDetails"), positional: .required("ID"))
  }

  /// The passkey's id, as `passkey list` shows it.
  let id: String

  init(_ options: OptionReader) throws(UsageError) {
    id = try options.requiredPositional()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await PasskeyCommandAccess.run(context) { app, control, presenter in
      let report = await presenter.run { control.removePasskey(id: id) }
      return PasskeyCommandAccess.finish(report, console: app.console) { change in
        guard case .removed = change else { return nil }
        return TextTable.kooberCommands.text("passkey.removed", ["id": id.terminalSafe])
      }
    }
  }
}

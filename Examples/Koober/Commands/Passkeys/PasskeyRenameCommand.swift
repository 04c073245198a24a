import Localization

/// `koober passkey rename ID NAME`: renames one of the signed-in account's passkeys.
struct PasskeyRenameCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "rename", group: .passkey,
      summary: TextTable.kooberCommands.text("passkey.rename.summary"), arguments: "ID NAME",
      details: TextTable.kooberCommands.text("passkey.idDetails"),
      positional: .pair("ID", "NAME"))
  }

  /// The passkey's id, as `passkey list` shows it.
  let id: String
  /// Its new name.
  let name: String

  init(_ options: OptionReader) throws(UsageError) {
    (id, name) = try options.requiredPair()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await PasskeyCommandAccess.run(context) { app, control, presenter in
      let report = await presenter.run { control.renamePasskey(id: id, to: name) }
      return PasskeyCommandAccess.finish(report, console: app.console) { change in
        guard case .renamed(let passkey) = change else { return nil }
        return TextTable.kooberCommands.text(
          "passkey.renamed", ["name": passkey.name.terminalSafe, "id": passkey.id.terminalSafe])
      }
    }
  }
}

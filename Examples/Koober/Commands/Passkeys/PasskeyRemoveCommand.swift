import Localization

/// `koober passkey remove ID`: removes one of the signed-in account's passkeys; it can no
/// longer sign in, and its key, when this device's folder holds it, is forgotten too.
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
      if case .removed = report.change {
        // Best effort: the server no longer knows it, so it could never sign in again.
        _ = try? await app.makePasskeyAuthenticator().forget(credentialID: id)
      }
      return PasskeyCommandAccess.finish(report, console: app.console) { change in
        guard case .removed = change else { return nil }
        return TextTable.kooberCommands.text("passkey.removed", ["id": id.terminalSafe])
      }
    }
  }
}

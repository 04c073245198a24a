import Localization

/// `koober passkey add [--name NAME]`: makes a passkey on this device (the software
/// authenticator, keys in the data folder) and registers it with the signed-in account,
/// named after this host unless `--name` says otherwise. A server that wants a recent
/// sign-in first is said in one sentence (exit 1). A key the server did not finish
/// registering is forgotten: as the newest it would otherwise answer every sign-in, in vain.
struct PasskeyAddCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "add", group: .passkey, summary: TextTable.kooberCommands.text("passkey.add.summary"),
      arguments: "[--name NAME]",
      options: [.value("name", "NAME", TextTable.kooberCommands.text("passkey.option.name"))],
      details: TextTable.kooberCommands.text("passkey.add.details"))
  }

  /// `--name`, or `nil` for the host's name.
  let name: String?

  init(_ options: OptionReader) {
    name = options.optional("name")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await PasskeyCommandAccess.run(context) { app, control, presenter in
      let authenticator = app.makePasskeyAuthenticator()
      let report = await presenter.run { control.addPasskey(named: name, using: authenticator) }
      let added = if case .added = report.change { true } else { false }
      if !added, let made = await authenticator.lastMadeCredentialID {
        // Best effort: the refusal below is what the person needs to hear.
        _ = try? await authenticator.forget(credentialID: made)
      }
      return PasskeyCommandAccess.finish(report, console: app.console) { change in
        guard case .added(let passkey) = change else { return nil }
        return TextTable.kooberCommands.text(
          "passkey.added", ["name": passkey.name.terminalSafe, "id": passkey.id.terminalSafe])
      }
    }
  }
}

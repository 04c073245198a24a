import Localization

/// `koober status`: who is signed in (exit 0), or "Not signed in." (exit 4). When the
/// server cannot check the saved session, it names the user and exits 1.
struct StatusCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "status", summary: TextTable.kooberCommands.text("status.summary"),
      details: TextTable.kooberCommands.text("status.details"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withApp { app in
      switch await SessionCheck.run(in: app) {
      case .signedIn(let user, let offline):
        console.line(console.signedInLine(user))
        guard let offline else { return .ok }
        console.error(offline)
        return .failure
      case .notSignedIn(let message):
        if let message { console.error(message) }
        console.line(TextTable.kooberCommands.text("session.notSignedIn"))
        return .notSignedIn
      case .failed(let status):
        return status
      }
    }
  }
}

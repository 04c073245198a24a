import Localization

/// `koober status`: who is signed in, the active account (exit 0), or "Not signed in."
/// (exit 4). When other accounts are signed in on this device, a second line counts them.
/// When the server cannot check the saved session, it names the user and exits 1.
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
        await Self.countOthers(besides: user.id, in: app)
        guard let offline else { return .ok }
        console.error(offline)
        return .failure
      case .notSignedIn(let message):
        if let message { console.error(message) }
        console.line(TextTable.kooberCommands.text("session.notSignedIn"))
        await Self.countOthers(besides: nil, in: app)
        return .notSignedIn
      case .failed(let status):
        return status
      }
    }
  }

  /// Says how many accounts besides the active one are signed in on this device, if any.
  /// - Parameters:
  ///   - activeID: The active account's user id, or `nil` when none is active.
  ///   - app: The app container.
  @MainActor
  static func countOthers(besides activeID: String?, in app: AppContainer) async {
    let others = await app.serviceUser.accounts().filter { $0.user.id != activeID }.count
    guard others > 0 else { return }
    app.console.line(TextTable.kooberCommands.counted("status.others", others, as: "count"))
  }
}

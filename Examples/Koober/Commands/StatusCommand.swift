/// `koober status`: who is signed in (exit 0), or "Not signed in." (exit 4). When the
/// server cannot check the saved session, it names the user and exits 1.
@MainActor
struct StatusCommand {
  let app: AppContainer

  func run() async -> ExitCode {
    let console = app.console
    switch await app.checkSessionForCommand() {
    case .signedIn(let user, let offline):
      console.line(console.signedInLine(user))
      guard let offline else { return .ok }
      console.error(offline)
      return .failure
    case .notSignedIn(let message):
      if let message { console.error(message) }
      console.line("Not signed in.")
      return .notSignedIn
    case .failed(let status):
      return status
    }
  }
}

/// `koober status`: who is signed in (exit 0), or "Not signed in." (exit 4).
@MainActor
struct StatusCommand {
  let app: AppContainer

  func run() async -> ExitCode {
    let console = app.console
    switch await app.checkSessionForCommand() {
    case .signedIn(let user, _):
      console.line(console.signedInLine(user))
      return .ok
    case .offline(let user, let message):
      console.line(console.signedInLine(user))
      console.error(message)
      return .failure
    case .notSignedIn(let message):
      if let message { console.error(message) }
      console.line("Not signed in.")
      return .notSignedIn
    case .unreadable(let message):
      console.error(message)
      return .failure
    case .codeRequired, .failed, .challengeEnded, .signedOut, nil:
      console.error("The session check ended without an answer; try again.")
      return .failure
    }
  }
}

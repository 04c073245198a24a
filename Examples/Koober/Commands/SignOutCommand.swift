/// `koober sign-out`: ends the session on the server (when reachable) and on this device.
@MainActor
struct SignOutCommand {
  let app: AppContainer

  func run() async -> ExitCode {
    let console = app.console
    switch await app.checkSessionForCommand() {
    case .signedIn, .offline:
      break
    case .notSignedIn:
      console.line("Not signed in.")
      return .notSignedIn
    case .unreadable(let message):
      console.error(message)
      return .failure
    case .codeRequired, .failed, .challengeEnded, .signedOut, nil:
      console.error("The session check ended without an answer; try again.")
      return .failure
    }
    let responder = CommandResponder()
    app.sessionControl.delegate = responder
    await app.sessionControl.signOut()?.value
    guard case .signedOut(let notice) = responder.outcome else {
      console.error("Signing out ended without an answer; try again.")
      return .failure
    }
    if let notice { console.error(notice) }
    console.line("Signed out.")
    return .ok
  }
}

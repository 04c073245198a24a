/// `koober sign-out`: ends the session on the server (when reachable) and on this device;
/// "Not signed in." and exit 4 when there is none.
@MainActor
struct SignOutCommand {
  let app: AppContainer

  func run() async -> ExitCode {
    let console = app.console
    switch await app.checkSessionForCommand() {
    case .signedIn: break
    case .notSignedIn:
      console.line("Not signed in.")
      return .notSignedIn
    case .failed(let status): return status
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

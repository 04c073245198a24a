/// `koober sign-out`: ends the session on the server (when reachable) and on this device;
/// "Not signed in." and exit 4 when there is none.
struct SignOutCommand: KooberCommand {
  static let configuration = CommandConfiguration(
    name: "sign-out", summary: "Sign out (exit 4 when no one is signed in).")

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withApp { app in
      switch await SessionCheck.run(in: app) {
      case .signedIn: break
      case .notSignedIn:
        console.line("Not signed in.")
        return .notSignedIn
      case .failed(let status): return status
      }
      let responder = CommandResponder()
      app.sessionControl.delegate = responder
      let outcome = await responder.outcome(of: app.sessionControl.signOut)
      guard case .signedOut(let notice) = outcome else {
        console.error("Signing out ended without an answer; try again.")
        return .failure
      }
      if let notice { console.error(notice) }
      console.line("Signed out.")
      return .ok
    }
  }
}

import Localization
import LoginLogicControl
import ServiceUser

/// `koober sign-out`: ends the session on the server (when reachable) and on this device;
/// "Not signed in." and exit 4 when there is none. Offline, the revocation is queued and the
/// command says the server will be told when it can be reached (exit 0). With
/// `--oidc-issuer` and `BROWSER` set, it also ends the provider's browser session
/// (RP-initiated logout) when discovery offers it; without a browser that step is skipped.
struct SignOutCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "sign-out", summary: TextTable.kooberCommands.text("signOut.summary"))
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withApp { app in
      switch await SessionCheck.run(in: app) {
      case .signedIn: break
      case .notSignedIn:
        console.line(TextTable.kooberCommands.text("session.notSignedIn"))
        return .notSignedIn
      case .failed(let status): return status
      }
      let responder = CommandResponder()
      app.sessionControl.delegate = responder
      let browser =
        context.global.oidc == nil
        ? nil
        : ProviderSignIn.signOutAgent(
          environment: context.environment, folder: app.clientFolder.url)
      let control = app.sessionControl
      let outcome = await responder.outcome(of: {
        if let browser { return control.signOut(endingBrowserSessionWith: browser.agent) }
        return control.signOut()
      })
      browser?.launcher.removePage()
      guard case .signedOut(let notice) = outcome else {
        console.error(TextTable.kooberCommands.text("signOut.noAnswer"))
        return .failure
      }
      // Unconfirmed because the server could not be reached: the revocation is queued, and
      // the next command that reaches the server sends it.
      if notice == SessionLogicControl.signedOutLocallyNotice,
        app.serviceUser.revocationQueue.mayHoldEntries
      {
        console.error(TextTable.kooberCommands.text("signOut.queued"))
      } else if let notice {
        console.error(notice)
      }
      console.line(TextTable.kooberCommands.text("signOut.done"))
      return .ok
    }
  }
}

import Localization
import LoginCore
import LoginLogicControl
import ServiceUser

/// `koober sign-out`: ends the active account's session on the server (when reachable) and
/// on this device; "Not signed in." and exit 4 when there is none. When another account
/// stays signed in, it becomes the active one and the command names it. `--all` signs out
/// every account on this device. Offline, the revocation is queued and the command says the
/// server will be told when it can be reached (exit 0). With `--oidc-issuer` and `BROWSER`
/// set, it also ends the provider's browser session (RP-initiated logout) when discovery
/// offers it; without a browser that step is skipped.
struct SignOutCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "sign-out", summary: TextTable.kooberCommands.text("signOut.summary"),
      arguments: "[--all]",
      options: [.flag("all", TextTable.kooberCommands.text("signOut.option.all"))],
      details: TextTable.kooberCommands.text("signOut.details"))
  }

  /// `--all`: every account, not only the active one.
  let all: Bool

  init(_ options: OptionReader) {
    all = options.flag("all")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in
      all ? await signOutAll(in: app) : await signOutActive(in: app, context: context)
    }
  }

  @MainActor
  private func signOutActive(in app: AppContainer, context: CommandContext) async -> ExitCode {
    let console = app.console
    switch await SessionCheck.run(in: app) {
    case .signedIn: break
    case .notSignedIn:
      console.line(TextTable.kooberCommands.text("session.notSignedIn"))
      // None is active, but others may be kept: `--all` or `switch` reaches them.
      await StatusCommand.countOthers(besides: nil, in: app)
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
    Self.report(notice, in: app)
    console.line(TextTable.kooberCommands.text("signOut.done"))
    if let active = await app.serviceUser.accounts().first(where: \.isActive) {
      console.line(
        TextTable.kooberCommands.text("signOut.nowActive", SwitchCommand.values(active.user)))
    }
    return .ok
  }

  /// Signs out every account. The launch check runs first, as for one account: it restores
  /// the active session and sends what a past sign-out left queued.
  @MainActor
  private func signOutAll(in app: AppContainer) async -> ExitCode {
    let console = app.console
    let check = await SessionCheck.run(in: app)
    if case .failed(let status) = check { return status }
    // An active session that ended (expired, revoked) leaves the other accounts to sign out.
    if case .notSignedIn = check, await app.serviceUser.accounts().isEmpty {
      console.line(TextTable.kooberCommands.text("session.notSignedIn"))
      return .notSignedIn
    }
    let outcome = await app.serviceUser.signOutAll()
    Self.report(Self.notice(for: outcome), in: app)
    console.line(TextTable.kooberCommands.text("signOut.allDone"))
    return .ok
  }

  /// The sentence `SessionLogicControl` gives a sign-out's outcome, for `--all`, which asks
  /// the service directly.
  private static func notice(for outcome: SignOutOutcome) -> String? {
    switch outcome {
    case .signedOut: nil
    case .signedOutLocally: SessionLogicControl.signedOutLocallyNotice
    case .signedOutWithoutRevocation: SessionLogicControl.signedOutWithoutRevocationNotice
    }
  }

  /// Says on stderr what the server did not confirm, if anything.
  @MainActor
  private static func report(_ notice: String?, in app: AppContainer) {
    // Unconfirmed because the server could not be reached: the revocation is queued, and
    // the next command that reaches the server sends it.
    if notice == SessionLogicControl.signedOutLocallyNotice,
      app.serviceUser.revocationQueue.mayHoldEntries
    {
      app.console.error(TextTable.kooberCommands.text("signOut.queued"))
    } else if let notice {
      app.console.error(notice)
    }
  }
}

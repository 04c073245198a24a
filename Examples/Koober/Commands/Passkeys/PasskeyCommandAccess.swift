import Foundation
import Localization
import LoginCore
import LoginLogicControl
import WireFormat

/// What the `koober passkey` commands share: the OIDC refusal, the signed-in check, the
/// control wired to a presenter, and how a request that did not do what was asked is said.
@MainActor
enum PasskeyCommandAccess {
  /// Runs a passkey command for the signed-in account. With `--oidc-issuer` passkeys happen
  /// on the provider's page, which is said in one sentence (exit 1) before anything starts.
  /// - Parameters:
  ///   - context: The command's context.
  ///   - body: The command's work, given the container, the control and its presenter.
  /// - Returns: `body`'s exit status, or the refusal's (1 in OIDC mode or when the check
  ///   failed, 4 when no one is signed in).
  static func run(
    _ context: CommandContext,
    _ body: (AppContainer, PasskeysLogicControl, PasskeysPresenter) async -> ExitCode
  ) async -> ExitCode {
    let console = context.console
    guard context.global.oidc == nil else {
      console.error(AppContainer.passkeysOnProviderPage)
      return .failure
    }
    return await context.withApp { app in
      switch await SessionCheck.run(in: app) {
      case .failed(let status): return status
      case .notSignedIn(let expired):
        console.error(expired ?? TextTable.kooberCommands.text("rides.signInFirst"))
        return .notSignedIn
      case .signedIn:
        // Offline, the request itself says the server cannot be reached.
        break
      }
      let presenter = PasskeysPresenter()
      let control = app.makePasskeysControl()
      control.delegate = presenter
      return await body(app, control, presenter)
    }
  }

  /// Ends a change: its line on stdout when the server made it, else the refusal.
  /// - Parameters:
  ///   - report: What the request did.
  ///   - console: The terminal.
  ///   - line: The line of the change asked for, or `nil` for any other.
  /// - Returns: 0 when changed, else `refusal(_:console:)`'s status.
  static func finish(
    _ report: PasskeysPresenter.Report, console: Console,
    _ line: (PasskeysLogicControl.Change) -> String?
  ) -> ExitCode {
    guard let change = report.change, let text = line(change) else {
      return refusal(report, console: console)
    }
    console.line(text)
    return .ok
  }

  /// Says on stderr, in one sentence, why a change was not made, and picks the exit status.
  /// - Parameters:
  ///   - report: What the request did (no change).
  ///   - console: The terminal.
  /// - Returns: 1, or 2 for a name refused before anything was sent.
  static func refusal(_ report: PasskeysPresenter.Report, console: Console) -> ExitCode {
    if report.freshSignInFor != nil {
      console.error(TextTable.kooberCommands.text("passkey.freshSignIn"))
      return .failure
    }
    if let (failure, message) = report.failure {
      console.error(message)
      return ExitCode(failure)
    }
    // The person said no at the authenticator; koober's own never asks, but another might.
    console.error(TextTable.kooberCommands.text("passkey.cancelled"))
    return .failure
  }

  /// `ID  NAME  created …, last used …`, one a passkey, ids and names lined up by
  /// terminal columns; dates in ISO 8601 (UTC), for scripts.
  /// - Parameter passkeys: The passkeys, oldest first.
  /// - Returns: One line per passkey.
  static func lines(_ passkeys: [Passkey]) -> [String] {
    let names = passkeys.map(\.name.terminalSafe)
    let idWidth = passkeys.map(\.id.terminalWidth).max() ?? 0
    let nameWidth = names.map(\.terminalWidth).max() ?? 0
    let format = WireDate.wholeSecondsString(from:)
    return zip(passkeys, names).map { passkey, name in
      let dates = TextTable.kooberCommands.text(
        "passkey.list.dates",
        [
          "created": format(passkey.createdAt),
          "lastUsed": passkey.lastUsedAt.map(format)
            ?? TextTable.kooberCommands.text("passkey.list.never"),
        ])
      return passkey.id.terminalSafe.padded(toWidth: idWidth) + "  "
        + name.padded(toWidth: nameWidth) + "  " + dates
    }
  }
}

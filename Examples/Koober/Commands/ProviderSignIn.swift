import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import ServiceUserOIDC
import UserModel

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `koober sign-in --browser` and `koober sign-in --device` (with `--oidc-issuer`): the two
/// OAuth sign-ins through every layer, their logic controls and view models, written on
/// stderr, ending like the password sign-in (the signed-in line on stdout, exit 0; a
/// failure's sentence, exit 1).
@MainActor
enum ProviderSignIn {
  /// Signs in in the system browser: prints the address, runs `$BROWSER` when `BROWSER` is
  /// set (one program, a private page forwarding to the address its only argument, no
  /// shell: `BrowserLauncher`), and waits for the browser to come back to a loopback port
  /// (ServiceUserOIDC's `LoopbackUserAgent`).
  /// - Parameters:
  ///   - app: The app container.
  ///   - environment: The process environment (`BROWSER`, `PATH`).
  /// - Returns: The exit code.
  static func browser(in app: AppContainer, environment: [String: String]) async -> ExitCode {
    let agent: LoopbackUserAgent
    do {
      // A command-line sign-in is a deliberate choice of account: the provider shows its
      // sign-in page even when the browser is still signed in there.
      agent = try LoopbackUserAgent(prompt: "login") { _ in }
    } catch {
      app.console.error(error.message)
      return .failure
    }
    let launcher = BrowserLauncher(
      program: environment["BROWSER"], folder: app.clientFolder.url,
      searchPath: environment["PATH"])
    let responder = ProviderSignInResponder(console: app.console, browser: launcher)
    let control = app.makeOnboardingContainer().makeBrowserSignInControl(from: .welcome)
    control.delegate = responder.presenter
    await control.signIn(with: agent)?.value
    return responder.finish(in: app)
  }

  /// Signs in on another device: prints the address and the code, counts the time left
  /// down, and waits while the service asks the provider.
  /// - Parameter app: The app container.
  /// - Returns: The exit code.
  static func device(in app: AppContainer) async -> ExitCode {
    let responder = ProviderSignInResponder(console: app.console, browser: nil)
    let control = app.makeOnboardingContainer().makeDeviceSignInControl(from: .welcome)
    control.delegate = responder.presenter
    await control.start()?.value
    return responder.finish(in: app)
  }

  /// The agent `koober sign-out` ends the provider's browser session through: `$BROWSER`
  /// opens a private page forwarding to the end-session address (which carries the ID
  /// token: never on a command line) and comes back to `/signed-out` on a loopback port
  /// (register `http://127.0.0.1/signed-out` as a post-logout redirect URI), within a
  /// minute. `nil` without `BROWSER`: the command line then skips that step.
  /// - Parameters:
  ///   - environment: The process environment (`BROWSER`, `PATH`).
  ///   - folder: The client folder, where the page is written.
  /// - Returns: The agent and the launcher whose page to remove afterwards, or `nil`.
  static func signOutAgent(
    environment: [String: String], folder: URL
  ) -> (agent: LoopbackUserAgent, launcher: BrowserLauncher)? {
    guard
      let launcher = BrowserLauncher(
        program: environment["BROWSER"], folder: folder, searchPath: environment["PATH"]),
      let agent = try? LoopbackUserAgent(
        path: "/signed-out", timeLimit: .seconds(60), open: { page in _ = launcher.open(page) })
    else { return nil }
    return (agent, launcher)
  }
}

/// Where a command's provider sign-in writes: every line on stderr (stdout keeps only the
/// signed-in line); the countdown redrawn on one line on a terminal, a line a minute
/// otherwise, so a log is not flooded.
@MainActor
final class ProviderSignInResponder: ProviderSignInOutput {
  /// The controls' delegate; its texts come here.
  let presenter: ProviderSignInPresenter
  private let console: Console
  private let liveCountdown = isatty(STDERR_FILENO) == 1
  private var countdownShown = false

  init(console: Console, browser: BrowserLauncher?) {
    self.console = console
    presenter = ProviderSignInPresenter(browser: browser)
    presenter.output = self
  }

  /// Ends the command: the signed-in line (exit 0), or the failure's sentence (exit 1).
  func finish(in app: AppContainer) -> ExitCode {
    endCountdownLine()
    switch presenter.outcome {
    case .signedIn(let user, _):
      return FinishedSignIn.report(user, note: nil, in: app)
    case .cancelled:
      return console.fail(.refused(.signInCancelled))
    case .failed(let failure):
      return console.fail(failure)
    case nil:
      console.error(TextTable.kooberCommands.text("signIn.noAnswer"))
      return .failure
    }
  }

  func say(_ text: String) {
    endCountdownLine()
    console.writeError(text.terminalSafe + "\n")
  }

  func show(_ text: String) { say(text) }

  func warn(_ text: String) { say(text) }

  func countdown(_ text: String, secondsLeft: Int) {
    if liveCountdown {
      console.writeError("\r\u{1B}[K" + text.terminalSafe)
      countdownShown = true
    } else if secondsLeft % 60 == 0 || !countdownShown {
      console.writeError(text.terminalSafe + "\n")
      countdownShown = true
    }
  }

  private func endCountdownLine() {
    if liveCountdown, countdownShown {
      console.writeError("\n")
      countdownShown = false
    }
  }
}

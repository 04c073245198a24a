import Localization
import LoginLogicControl
import UserModel

/// What the launch check found, for a subcommand.
enum SessionCheck {
  /// Someone is signed in; `offline` holds the sentence when the server could not check it.
  case signedIn(User, offline: String?)
  /// No one is signed in; the sentence says why when there is more to say (expired).
  case notSignedIn(String?)
  /// The check failed and was reported on stderr; exit with this status.
  case failed(ExitCode)

  /// Runs the launch check (restore and validate the saved session) for a subcommand; an
  /// unreadable session store is reported on stderr.
  /// - Parameter app: The app container.
  /// - Returns: What it found.
  @MainActor
  static func run(in app: AppContainer) async -> SessionCheck {
    let responder = CommandResponder()
    let launch = app.makeLaunchControl()
    launch.delegate = responder
    switch await responder.outcome(of: launch.checkSession) {
    case .signedIn(let user, _): return .signedIn(user, offline: nil)
    case .offline(let user, let message): return .signedIn(user, offline: message)
    case .notSignedIn(let message): return .notSignedIn(message)
    case .unreadable(let message):
      app.console.error(message)
      return .failed(.failure)
    case .codeRequired, .failed, .challengeEnded, .signedOut:
      app.console.error(TextTable.kooberCommands.text("session.noAnswer"))
      return .failed(.failure)
    }
  }
}

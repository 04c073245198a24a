import Localization
import UserModel

/// `koober sign-in --passkey`: this device's passkey for the server's RP ID signs the
/// server's challenge and names its user, so nothing is typed; a driver is signed in without
/// a one-time code (a passkey is phishing-resistant).
@MainActor
enum PasskeySignIn {
  /// Runs the passkey sign-in and reports it like a password sign-in.
  /// - Parameters:
  ///   - app: The app container.
  ///   - email: `--email`: the account whose passkey answers when this device holds several
  ///     for the server; `nil` for the newest.
  /// - Returns: 0 signed in; 1 with one sentence when refused (no passkey here, one the
  ///   server does not know) or failed.
  static func run(in app: AppContainer, email: String?) async -> ExitCode {
    let presenter = PasskeySignInPresenter()
    let control = app.makePasskeySignInControl(from: .welcome)
    control.delegate = presenter
    let preferred = email.map(CredentialRules.normalizedEmail)
    await control.signIn(with: app.makePasskeyAuthenticator(preferring: preferred))?.value
    switch presenter.outcome {
    case .signedIn(let user, let route):
      return FinishedSignIn.report(user, note: route.message, in: app)
    case .failed(let failure, let message):
      app.console.error(message)
      return ExitCode(failure)
    case .cancelled:
      app.console.error(TextTable.kooberCommands.text("passkey.cancelled"))
      return .failure
    case nil:
      app.console.error(TextTable.kooberCommands.text("signIn.noAnswer"))
      return .failure
    }
  }
}

import UserModel

/// `koober sign-up --email E --type passenger|driver [--name N] --password-stdin`: creates
/// the account and signs it in.
@MainActor
struct SignUpCommand {
  let app: AppContainer
  let email: String
  let type: UserType
  let name: String?
  let passwordFromStdin: Bool

  func run() async -> ExitCode {
    let console = app.console
    guard
      let password = await PasswordInput.readOrReport(
        fromStdin: passwordFromStdin, console: console, command: .signUp)
    else { return .usage }
    let responder = CommandResponder()
    let control = app.makeOnboardingContainer().makeSignUpControl(from: .welcome)
    control.delegate = responder
    let credentials = SignUpCredentials(
      email: email, password: password, name: name, type: type)
    await control.signUp(credentials)?.value
    switch responder.outcome {
    case .signedIn(let user, _):
      console.line(console.signedInLine(user))
      return .ok
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .codeRequired, .challengeEnded, .signedOut, nil:
      console.error("The sign-up ended without an answer; try again.")
      return .failure
    }
  }
}

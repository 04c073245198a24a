import UserModel

/// `koober sign-in --email E --password-stdin`: signs in; a driver's sign-in stops at the
/// one-time code (exit 3) and keeps the challenge, never the password, for `koober verify`.
@MainActor
struct SignInCommand {
  let app: AppContainer
  let email: String
  let passwordFromStdin: Bool

  func run() async -> ExitCode {
    let console = app.console
    guard
      let password = await PasswordInput.readOrReport(
        fromStdin: passwordFromStdin, console: console, command: .signIn)
    else { return .usage }
    let responder = CommandResponder()
    let control = app.makeOnboardingContainer().makeSignInControl(from: .welcome)
    control.delegate = responder
    await control.signIn(email: email, password: password)?.value
    switch responder.outcome {
    case .signedIn(let user, let note):
      return app.reportSignedIn(user, note: note)
    case .codeRequired(let codeControl):
      let pending = PendingSignIn(
        email: CredentialRules.normalizedEmail(email), challenge: codeControl.challenge)
      do { try app.pendingSignIns.save(pending) } catch { return console.fail(error) }
      console.error(
        "A one-time code was sent by \(codeControl.challenge.channel); finish with "
          + "'koober verify --code C' within 60 seconds.")
      return .codeRequired
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .challengeEnded, .signedOut, nil:
      console.error("The sign-in ended without an answer; try again.")
      return .failure
    }
  }
}

import UserModel

/// `koober sign-in --email E --password-stdin`: signs in; a driver's sign-in stops at the
/// one-time code (exit 3) and keeps the challenge, never the password, for `koober verify`.
struct SignInCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "sign-in", summary: CommandText.text("signIn.summary"),
      arguments: "--email E --password-stdin",
      options: [.email, .passwordStdin],
      details: CommandText.text("signIn.details"))
  }

  /// `--email E`, as typed.
  let email: String
  /// `--password-stdin`: the password is the first line of stdin.
  let passwordFromStdin: Bool

  init(_ options: OptionReader) throws(UsageError) {
    email = try options.required("email")
    passwordFromStdin = options.flag("password-stdin")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in await signIn(in: app) }
  }

  @MainActor
  private func signIn(in app: AppContainer) async -> ExitCode {
    let console = app.console
    guard
      let password = await PasswordInput.readOrReport(
        fromStdin: passwordFromStdin, console: console, command: Self.configuration)
    else { return .usage }
    let responder = CommandResponder()
    let control = app.makeOnboardingContainer().makeSignInControl(from: .welcome)
    control.delegate = responder
    switch await responder.outcome(of: { control.signIn(identifier: email, password: password) }) {
    case .signedIn(let user, let note):
      return FinishedSignIn.report(user, note: note, in: app)
    case .codeRequired(let codeControl):
      let pending = PendingSignIn(
        email: CredentialRules.normalizedEmail(email), challenge: codeControl.challenge)
      do { try app.pendingSignIns.save(pending) } catch { return console.fail(error) }
      let channel = KooberText.channelName(codeControl.challenge.channel)
      console.error(CommandText.text("signIn.codeSent", ["channel": channel]))
      return .codeRequired
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .challengeEnded, .signedOut:
      console.error(CommandText.text("signIn.noAnswer"))
      return .failure
    }
  }
}

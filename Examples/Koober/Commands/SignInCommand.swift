import Localization
import UserModel

/// `koober sign-in --email E --password-stdin`: signs in; a driver's sign-in stops at the
/// one-time code (exit 3) and keeps the challenge, never the password, for `koober verify`.
/// With `--oidc-issuer`, `--browser` signs in in the system browser and `--device` on another
/// device (ProviderSignIn.swift). `--passkey` signs in with this device's passkey, which names
/// its user: no email (`--email` only picks one of several), and no one-time code for a
/// driver (PasskeySignIn.swift).
struct SignInCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "sign-in", summary: TextTable.kooberCommands.text("signIn.summary"),
      arguments: "--email E --password-stdin | --browser | --device",
      options: [
        .email, .passwordStdin,
        .flag("passkey", TextTable.kooberCommands.text("option.passkey")),
        .flag("browser", TextTable.kooberCommands.text("option.browser")),
        .flag("device", TextTable.kooberCommands.text("option.device")),
      ],
      details: TextTable.kooberCommands.text("signIn.details"))
  }

  /// How the person signs in.
  enum Way: Equatable {
    /// `--email E`, as typed, and whether the password is stdin's first line.
    case password(email: String, fromStdin: Bool)
    /// `--browser`.
    case browser
    /// `--device`.
    case device
    /// `--passkey`, with `--email` when given.
    case passkey(email: String?)
  }

  /// The way chosen on the command line.
  let way: Way

  init(_ options: OptionReader) throws(UsageError) {
    let browser = options.flag("browser")
    let device = options.flag("device")
    let passkey = options.flag("passkey")
    if browser || device || passkey {
      guard [browser, device, passkey].filter({ $0 }).count == 1,
        passkey || options.parsed.values["email"] == nil, !options.flag("password-stdin")
      else {
        throw UsageError(
          message: passkey
            ? TextTable.kooberCommands.text("usage.passkeyAlone")
            : TextTable.kooberCommands.text("usage.signInWays"),
          command: options.commandName)
      }
      let email = options.parsed.values["email"]
      way = browser ? .browser : device ? .device : .passkey(email: email)
    } else {
      way = .password(
        email: try options.required("email"), fromStdin: options.flag("password-stdin"))
    }
  }

  func run(_ context: CommandContext) async -> ExitCode {
    if case .passkey = way, context.global.oidc != nil {
      context.console.error(AppContainer.passkeysOnProviderPage)
      return .failure
    }
    return await context.withApp { app in
      switch way {
      case .password(let email, let fromStdin):
        await signIn(email: email, passwordFromStdin: fromStdin, in: app)
      case .browser:
        await ProviderSignIn.browser(in: app, environment: context.environment)
      case .device:
        await ProviderSignIn.device(in: app)
      case .passkey(let email):
        await PasskeySignIn.run(in: app, email: email)
      }
    }
  }

  @MainActor
  private func signIn(email: String, passwordFromStdin: Bool, in app: AppContainer) async
    -> ExitCode
  {
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
      let channel = TextTable.channelName(codeControl.challenge.channel)
      console.error(TextTable.kooberCommands.text("signIn.codeSent", ["channel": channel]))
      return .codeRequired
    case .failed(let failure):
      return console.fail(failure)
    case .offline, .notSignedIn, .unreadable, .challengeEnded, .signedOut:
      console.error(TextTable.kooberCommands.text("signIn.noAnswer"))
      return .failure
    }
  }
}

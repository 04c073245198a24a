import Localization
import UserModel

/// `koober sign-up --email E --type passenger|driver [--name N] --password-stdin`: creates
/// the account and signs it in.
struct SignUpCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "sign-up", summary: TextTable.kooberCommands.text("signUp.summary"),
      arguments: "--email E --type passenger|driver [--name N] --password-stdin",
      options: [
        .email,
        .value("type", "TYPE", TextTable.kooberCommands.text("signUp.option.type")),
        .value("name", "N", TextTable.kooberCommands.text("signUp.option.name")),
        .passwordStdin,
      ],
      details: TextTable.kooberCommands.text("signUp.details"))
  }

  /// `--email E`, as typed.
  let email: String
  /// `--type passenger|driver`.
  let type: UserType
  /// `--name N`, if given.
  let name: String?
  /// `--password-stdin`: the password is the first line of stdin.
  let passwordFromStdin: Bool

  init(_ options: OptionReader) throws(UsageError) {
    email = try options.required("email")
    type = try options.userType()
    name = options.optional("name")
    passwordFromStdin = options.flag("password-stdin")
  }

  func run(_ context: CommandContext) async -> ExitCode {
    let console = context.console
    return await context.withApp { app in
      guard
        let password = await PasswordInput.readOrReport(
          fromStdin: passwordFromStdin, console: console, command: Self.configuration)
      else { return .usage }
      let responder = CommandResponder()
      let control = app.makeOnboardingContainer().makeSignUpControl(from: .welcome)
      control.delegate = responder
      let credentials = SignUpCredentials(
        identifier: email, password: password, name: name, type: type)
      switch await responder.outcome(of: { control.signUp(credentials) }) {
      case .signedIn(let user, _):
        console.line(console.signedInLine(user))
        return .ok
      case .failed(let failure):
        return console.fail(failure)
      case .offline, .notSignedIn, .unreadable, .codeRequired, .challengeEnded, .signedOut:
        console.error(TextTable.kooberCommands.text("signUp.noAnswer"))
        return .failure
      }
    }
  }
}

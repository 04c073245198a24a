/// `koober` itself: without a subcommand, the interactive screens from the launch check on.
/// It holds the one list of subcommands, which the parser and help read.
struct RootCommand: KooberCommand {
  static let configuration = CommandConfiguration(
    name: "koober", summary: "the Koober ride-hailing example, from sign-up to the home screen.")

  /// Every subcommand, in the order help lists them.
  static let subcommands: [any KooberCommand.Type] = [
    StatusCommand.self, SignUpCommand.self, SignInCommand.self, VerifyCommand.self,
    SignOutCommand.self, OutboxCommand.self, ReportCommand.self,
    RideEstimateCommand.self, RideRequestCommand.self, RideStatusCommand.self,
    RideListCommand.self, RideCancelCommand.self, RideExportCommand.self,
    DriverQueueCommand.self, DriverAcceptCommand.self, DriverAdvanceCommand.self,
    ServeCommand.self, HelpCommand.self,
  ]

  /// Options every command accepts, before or after the command's name.
  static let globalOptions: [OptionSpec] = [
    .value("server", "URL", "Use the server at URL (any server that follows API.md)."),
    .value("data-dir", "DIR", "Keep Koober's data in DIR (see ENVIRONMENT)."),
    .value("oidc-issuer", "URL", "Sign in with the OpenID Connect provider at URL instead."),
    .value("client-id", "ID", "The client registered with the OIDC provider."),
    .value("client-secret", "S", "The secret of a confidential OIDC client."),
    .value("oidc-revocation-url", "URL", "The provider's token revocation endpoint (RFC 7009)."),
  ]

  /// The subcommand typed as `name`, e.g. `status` or `rides request`.
  /// - Parameter name: The command's full name.
  /// - Returns: Its type, or `nil` when there is no such command.
  static func subcommand(named name: String) -> (any KooberCommand.Type)? {
    subcommands.first { $0.configuration.fullName == name }
  }

  init(_ options: OptionReader) {}

  func run(_ context: CommandContext) async -> ExitCode {
    await context.withApp { app in
      await app.makeNavigator().run()
      return .ok
    }
  }
}

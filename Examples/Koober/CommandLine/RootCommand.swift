import Localization

/// `koober` itself: without a subcommand, the interactive screens from the launch check on.
/// It holds the one list of subcommands, which the parser and help read.
struct RootCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(name: "koober", summary: TextTable.kooberCommands.text("root.summary"))
  }

  /// Every subcommand, in the order help lists them.
  static let subcommands: [any KooberCommand.Type] = [
    StatusCommand.self, SignUpCommand.self, SignInCommand.self, VerifyCommand.self,
    SignOutCommand.self, AccountsCommand.self, SwitchCommand.self, OutboxCommand.self,
    ReportCommand.self,
    PasskeyAddCommand.self, PasskeyListCommand.self, PasskeyRenameCommand.self,
    PasskeyRemoveCommand.self,
    RideEstimateCommand.self, RideRequestCommand.self, RideStatusCommand.self,
    RideListCommand.self, RideCancelCommand.self, RideExportCommand.self,
    DriverQueueCommand.self, DriverAcceptCommand.self, DriverAdvanceCommand.self,
    ServeCommand.self, AdminUnlockCommand.self, HelpCommand.self,
  ]

  /// Options every command accepts, before or after the command's name.
  static var globalOptions: [OptionSpec] {
    [
      .value("server", "URL", TextTable.kooberCommands.text("option.server")),
      .value("data-dir", "DIR", TextTable.kooberCommands.text("option.dataDir")),
      .value("lang", "LANG", TextTable.kooberCommands.text("option.lang")),
      .value("oidc-issuer", "URL", TextTable.kooberCommands.text("option.oidcIssuer")),
      .value("client-id", "ID", TextTable.kooberCommands.text("option.clientId")),
      .value("client-secret", "S", TextTable.kooberCommands.text("option.clientSecret")),
      .flag("client-secret-stdin", TextTable.kooberCommands.text("option.clientSecretStdin")),
      .value(
        "oidc-revocation-url", "URL", TextTable.kooberCommands.text("option.oidcRevocationUrl")),
      .value("oidc-device-url", "URL", TextTable.kooberCommands.text("option.oidcDeviceUrl")),
      .value("oidc-scope", "SCOPES", TextTable.kooberCommands.text("option.oidcScope")),
      .value("oidc-type-claim", "NAME", TextTable.kooberCommands.text("option.oidcTypeClaim")),
    ]
  }

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

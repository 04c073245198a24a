import Localization

/// One `koober` subcommand as one type, the way swift-argument-parser's `ParsableCommand` is:
/// its `configuration` says what it is called and what it takes, its initializer reads its
/// typed options, and `run` does the work. Help, usage errors and exit codes all come from
/// these declarations, and `RootCommand.subcommands` is the one list of them. Its words come
/// from the `KooberCommands` tables, read each time so they follow the chosen language.
///
/// ```swift
/// struct VerifyCommand: KooberCommand {
///   static var configuration: CommandConfiguration {
///     CommandConfiguration(
///       name: "verify", summary: TextTable.kooberCommands.text("verify.summary"),
///       arguments: "--code C",
///       options: [.value("code", "C", TextTable.kooberCommands.text("verify.option.code"))])
///   }
///   let code: String
///   init(_ options: OptionReader) throws(UsageError) { code = try options.required("code") }
///   func run(_ context: CommandContext) async -> ExitCode { … }
/// }
/// ```
protocol KooberCommand: Sendable {
  /// The command's name, group, help and options.
  static var configuration: CommandConfiguration { get }

  /// Reads the command's typed options; the plain arguments were checked against
  /// `configuration.positional` already.
  /// - Parameter options: The command line, split and checked against the configuration.
  /// - Throws: `UsageError` for a missing required option or a bad value.
  init(_ options: OptionReader) throws(UsageError)

  /// Runs the command once.
  /// - Parameter context: The global options, the environment and the terminal; it builds
  ///   the app container for the commands that need one.
  /// - Returns: The exit status.
  @MainActor
  func run(_ context: CommandContext) async -> ExitCode
}

/// One run of `koober`: the global options and the command, both checked.
///
/// ```swift
/// let invocation = try Invocation(arguments: ["--data-dir", "/tmp/k", "status"])
/// // invocation.command is a StatusCommand
/// ```
struct Invocation: Sendable {
  /// `--server`, `--data-dir`, `--lang` and the OIDC options.
  let global: GlobalOptions
  /// What to run: a subcommand, help, or the screens (`RootCommand`).
  let command: any KooberCommand

  /// Parses the command line (without the program name).
  /// - Parameter arguments: The arguments, e.g. `CommandLine.arguments.dropFirst()`.
  /// - Throws: `UsageError` for anything `koober` cannot run.
  init(arguments: [String]) throws(UsageError) {
    let parsed = try ParsedArguments(arguments)
    global = try GlobalOptions(parsed)
    guard !parsed.wantsHelp else {
      command = HelpCommand(
        topic: parsed.command.map(HelpTopic.command) ?? parsed.group.map(HelpTopic.group))
      return
    }
    let reader = OptionReader(parsed: parsed, command: parsed.command ?? RootCommand.self)
    // Every command's plain arguments are checked against its declaration first, so an
    // argument it does not take is the error even when an option is missing too.
    _ = try reader.positional()
    command = try reader.command.init(reader)
  }
}

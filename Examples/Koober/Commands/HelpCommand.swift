import Localization

/// `koober help [<command>]`, and `--help` or `-h` anywhere: the general help, a group's or
/// one command's, on stdout.
struct HelpCommand: KooberCommand {
  static var configuration: CommandConfiguration {
    CommandConfiguration(
      name: "help", summary: TextTable.kooberCommands.text("help.summary"),
      arguments: "[<command>]",
      positional: .topic)
  }

  /// What help was asked about; `nil` for the general help.
  let topic: HelpTopic?

  /// Help on `topic`, as `--help` asks for it.
  /// - Parameter topic: The command or group named with `--help`, or `nil`.
  init(topic: HelpTopic?) {
    self.topic = topic
  }

  init(_ options: OptionReader) throws(UsageError) {
    topic = try options.helpTopic()
  }

  func run(_ context: CommandContext) async -> ExitCode {
    context.console.write((topic.map(HelpText.text(for:)) ?? HelpText.general) + "\n")
    return .ok
  }
}

/// What `koober help …` was asked about.
enum HelpTopic: Sendable {
  /// One command, e.g. `help rides request`.
  case command(any KooberCommand.Type)
  /// A group of commands, e.g. `help rides`.
  case group(CommandGroup)
}

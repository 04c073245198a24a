import Localization

/// The text of `koober --help` and `koober help <command>`, drawn from the commands'
/// configurations, in the chosen language. Its two columns line up by terminal columns
/// (`padded(toWidth:)`), so they stay aligned with Chinese text too.
enum HelpText {
  /// The general help: usage, commands, global options, exit codes and environment.
  static var general: String {
    var lines = [
      "koober: " + RootCommand.configuration.summary,
      "",
      TextTable.kooberCommands.text("help.heading.usage"),
      usageRow(
        "koober [--server URL] [--data-dir DIR]",
        TextTable.kooberCommands.text("help.usage.screens")),
      usageRow("koober <command> [options]", TextTable.kooberCommands.text("help.usage.command")),
      "",
      TextTable.kooberCommands.text("help.heading.commands"),
    ]
    lines += RootCommand.subcommands.map(row(_:))
    lines += ["", TextTable.kooberCommands.text("help.heading.globalOptions")]
    lines += RootCommand.globalOptions.map { row($0.synopsis, $0.help) }
    lines.append(row("-h, --help", TextTable.kooberCommands.text("help.option.help")))
    lines += footer
    return lines.joined(separator: "\n")
  }

  /// The help of a topic: a command's or a group's.
  /// - Parameter topic: What help was asked for.
  /// - Returns: The text.
  static func text(for topic: HelpTopic) -> String {
    switch topic {
    case .command(let command): self.command(command.configuration)
    case .group(let group): self.group(group)
    }
  }

  /// The help of a group: its usage and its commands.
  /// - Parameter group: The group.
  /// - Returns: The text.
  static func group(_ group: CommandGroup) -> String {
    var lines = [
      TextTable.kooberCommands.text("help.heading.usage"),
      "  koober \(group.rawValue) <command> [options]",
      "",
      group.summary,
      "",
      TextTable.kooberCommands.text("help.heading.commands"),
    ]
    lines += group.commands.map(row(_:))
    lines += ["", TextTable.kooberCommands.text("help.group.more", ["group": group.rawValue])]
    lines += footer
    return lines.joined(separator: "\n")
  }

  /// The help of one command.
  /// - Parameter spec: The command's configuration.
  /// - Returns: Its usage, summary, options and notes.
  static func command(_ spec: CommandConfiguration) -> String {
    var lines = [
      TextTable.kooberCommands.text("help.heading.usage"),
      "  koober " + spec.usage,
      "",
      spec.summary,
    ]
    if !spec.details.isEmpty { lines += [""] + spec.details.lines }
    lines += ["", TextTable.kooberCommands.text("help.heading.options")]
    lines += (spec.options + RootCommand.globalOptions).map { row($0.synopsis, $0.help) }
    lines.append(row("-h, --help", TextTable.kooberCommands.text("help.option.commandHelp")))
    lines += footer
    return lines.joined(separator: "\n")
  }

  /// The columns of a row's first column, after its two-space indent.
  private static let firstColumnWidth = 26
  /// Where the purpose starts on a usage line, in terminal columns after the indent.
  private static let usageColumnWidth = 43

  private static var footer: [String] {
    var lines = [
      "",
      TextTable.kooberCommands.text("help.heading.exitCodes"),
      "  " + TextTable.kooberCommands.text("help.exitCodes"),
      "",
      TextTable.kooberCommands.text("help.heading.environment"),
    ]
    lines += rows("KOOBER_DATA_DIR", TextTable.kooberCommands.text("help.environment.dataDir"))
    lines += rows("NO_COLOR", TextTable.kooberCommands.text("help.environment.noColor"))
    lines += rows(
      "KOOBER_BACKEND_ITERATIONS", TextTable.kooberCommands.text("help.environment.iterations"))
    lines += rows(
      "KOOBER_DEMO_ACCEPT_SECONDS", TextTable.kooberCommands.text("help.environment.acceptSeconds"))
    lines += rows(
      "KOOBER_DEMO_STEP_SECONDS", TextTable.kooberCommands.text("help.environment.stepSeconds"))
    lines += rows(
      "KOOBER_TOKEN_SECONDS", TextTable.kooberCommands.text("help.environment.accessTokenSeconds"))
    lines += rows(
      "KOOBER_REFRESH_WINDOW_SECONDS",
      TextTable.kooberCommands.text("help.environment.refreshWindow"))
    lines += rows(
      "KOOBER_REQUEST_TIMEOUT_SECONDS",
      TextTable.kooberCommands.text("help.environment.requestTimeout"))
    lines += rows(
      "KOOBER_CLIENT_SECRET", TextTable.kooberCommands.text("help.environment.clientSecret"))
    lines += [""] + TextTable.kooberCommands.text("help.embeddedBackend").lines
    lines += [""] + TextTable.kooberCommands.text("help.oidc").lines
    return lines
  }

  /// A command's line in a list: its name and summary.
  private static func row(_ command: any KooberCommand.Type) -> String {
    row(command.configuration.fullName, command.configuration.summary)
  }

  private static func row(_ left: String, _ right: String) -> String {
    ("  " + left.padded(toWidth: firstColumnWidth) + " " + right).trimmingTrailingSpaces()
  }

  /// A left column and a text of one or more lines: the left column on the first row, or on
  /// a line of its own when it is wider than the column; the text's other lines below,
  /// aligned with its first.
  private static func rows(_ left: String, _ text: String) -> [String] {
    let lines = text.lines
    guard left.terminalWidth <= firstColumnWidth else {
      return ["  " + left] + lines.map { row("", $0) }
    }
    return lines.enumerated().map { index, line in row(index == 0 ? left : "", line) }
  }

  /// A usage line: the command line, then what it does, in the usage's own column.
  private static func usageRow(_ commandLine: String, _ purpose: String) -> String {
    "  " + commandLine.padded(toWidth: usageColumnWidth) + purpose
  }
}

extension String {
  /// The string without spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }

  /// The text's lines, for a table text of several lines.
  fileprivate var lines: [String] {
    split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}

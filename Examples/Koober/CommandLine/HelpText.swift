/// The text of `koober --help` and `koober help <command>`, drawn from the commands'
/// configurations.
enum HelpText {
  /// The general help: usage, commands, global options, exit codes and environment.
  static var general: String {
    var lines = [
      "koober: " + RootCommand.configuration.summary,
      "",
      "USAGE",
      "  koober [--server URL] [--data-dir DIR]     the interactive screens",
      "  koober <command> [options]                 one step, for scripts",
      "",
      "COMMANDS",
    ]
    lines += RootCommand.subcommands.map(row(_:))
    lines += ["", "GLOBAL OPTIONS (accepted before or after any command)"]
    lines += RootCommand.globalOptions.map { row($0.synopsis, $0.help) }
    lines.append(row("-h, --help", "Show help."))
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
      "USAGE",
      "  koober \(group.rawValue) <command> [options]",
      "",
      group.summary,
      "",
      "COMMANDS",
    ]
    lines += group.commands.map(row(_:))
    lines += ["", "Run 'koober help \(group.rawValue) <command>' for a command's options."]
    lines += footer
    return lines.joined(separator: "\n")
  }

  /// The help of one command.
  /// - Parameter spec: The command's configuration.
  /// - Returns: Its usage, summary, options and notes.
  static func command(_ spec: CommandConfiguration) -> String {
    var lines = [
      "USAGE",
      "  koober " + spec.usage,
      "",
      spec.summary,
    ]
    if !spec.details.isEmpty { lines += [""] + spec.details }
    lines += ["", "OPTIONS"]
    lines += (spec.options + RootCommand.globalOptions).map { row($0.synopsis, $0.help) }
    lines.append(row("-h, --help", "Show this help."))
    lines += footer
    return lines.joined(separator: "\n")
  }

  private static let footer = [
    "",
    "EXIT CODES",
    "  0 ok, 1 failure, 2 usage error, 3 code required, 4 not signed in",
    "",
    "ENVIRONMENT",
    row("KOOBER_DATA_DIR", "The data folder when --data-dir is not given; otherwise"),
    row("", "$XDG_DATA_HOME/koober or ~/.local/share/koober (Linux),"),
    row("", "~/Library/Application Support/Koober (Apple)."),
    row("NO_COLOR", "When set, no colour even on a terminal."),
    row("KOOBER_BACKEND_ITERATIONS", "PBKDF2 iterations of the backend's new password"),
    row("", "hashes (600000); tests lower it for speed."),
    row("KOOBER_DEMO_ACCEPT_SECONDS", "Demo mode: seconds a ride waits for a real driver"),
    row("", "before the simulated driver accepts it (10)."),
    row("KOOBER_DEMO_STEP_SECONDS", "Demo mode: seconds between the simulated driver's"),
    row("", "later steps: arrive, start, complete (10)."),
    "  KOOBER_REQUEST_TIMEOUT_SECONDS",
    row("", "Seconds each request waits for the server's answer"),
    row("", "(20); tests raise it for loaded machines."),
    "",
    "Without --server, koober runs the reference backend inside itself on a loopback port,",
    "in demo mode, with its accounts in the data folder. Its simulated driver moves rides",
    "only while a koober process runs: watch a ride on the screens, or use `koober serve`.",
    "",
    "With --oidc-issuer, koober signs in, renews and signs out with any OpenID Connect",
    "provider instead (the password grant, userinfo, RFC 7009 revocation); the user type",
    "comes from the koober_type claim. The provider has no rides, so rides say so.",
  ]

  /// A command's line in a list: its name and summary.
  private static func row(_ command: any KooberCommand.Type) -> String {
    row(command.configuration.fullName, command.configuration.summary)
  }

  private static func row(_ left: String, _ right: String) -> String {
    ("  " + left.padded(toWidth: 26) + " " + right).trimmingTrailingSpaces()
  }
}

extension String {
  /// The string without spaces at its end.
  fileprivate func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}

import UserModel

/// Turns one command's raw option values into typed ones, with the usage error to show when
/// a value is missing or wrong.
struct OptionReader {
  /// The split command line.
  let parsed: ParsedArguments
  /// The command being read; its configuration words the usage errors.
  let command: any KooberCommand.Type

  /// The command's configuration.
  private var configuration: CommandConfiguration { command.configuration }

  /// The command's full name, which usage errors point at.
  var commandName: String { configuration.fullName }

  /// The value of a required option.
  func required(_ name: String) throws(UsageError) -> String {
    guard let value = parsed.values[name] else { throw missing("'--\(name)'") }
    return value
  }

  /// Whether a flag was given.
  func flag(_ name: String) -> Bool {
    parsed.flags.contains(name)
  }

  /// `--type passenger|driver`, required.
  func userType() throws(UsageError) -> UserType {
    let text = try required("type")
    // Koober's own two types: the open set is for apps with other servers.
    guard let type = UserType(rawValue: text.lowercased()), UserType.allCases.contains(type)
    else {
      throw UsageError(
        message: "'--type' is passenger or driver, not '\(text)'", command: commandName)
    }
    return type
  }

  /// The value of an optional option, or `nil` when it was not given.
  func optional(_ name: String) -> String? {
    parsed.values[name]
  }

  /// `--port N`, 0 when not given.
  func port() throws(UsageError) -> UInt16 {
    guard let text = parsed.values["port"] else { return 0 }
    guard let port = UInt16(text) else {
      throw UsageError(
        message: "'--port' needs a number from 0 to 65535, not '\(text)'", command: commandName)
    }
    return port
  }

  /// The command or group `help` was asked about, if any: `help rides request`,
  /// `help rides`.
  func helpTopic() throws(UsageError) -> HelpTopic? {
    guard !parsed.positionals.isEmpty else { return nil }
    guard parsed.positionals.count <= 2 else {
      throw UsageError(message: "'help' takes one command name", command: commandName)
    }
    let topic = parsed.positionals.joined(separator: " ")
    if let group = CommandGroup(rawValue: topic) { return .group(group) }
    guard let name = RootCommand.subcommand(named: topic) else {
      throw UsageError(message: "unknown command '\(topic)'", command: nil)
    }
    return .command(name)
  }

  /// Checks the plain arguments against the command's configuration: none for most
  /// commands, one id for some; `help` reads its own.
  /// - Returns: The plain argument, or `nil` when none was given.
  /// - Throws: `UsageError` for an argument the command does not take.
  func positional() throws(UsageError) -> String? {
    let positionals = parsed.positionals
    switch configuration.positional {
    case .topic:
      return nil
    case nil:
      guard let first = positionals.first else { return nil }
      throw UsageError(
        message: "'\(commandName)' takes no argument '\(first)'", command: commandName)
    case .required(let name), .optional(let name):
      guard positionals.count <= 1 else {
        throw UsageError(
          message: "'\(commandName)' takes one \(name), not '\(positionals[1])' too",
          command: commandName)
      }
      return positionals.first
    }
  }

  /// The plain argument a command cannot do without, e.g. `rides cancel ID`.
  func requiredPositional() throws(UsageError) -> String {
    guard let value = try positional(), !value.isEmpty else { throw missing("a ride id") }
    return value
  }

  /// `'rides cancel' needs a ride id (koober rides cancel ID)`: what is missing, then the
  /// command's usage line.
  private func missing(_ what: String) -> UsageError {
    UsageError(
      message: "'\(commandName)' needs \(what) "
        + "(koober \(commandName) \(configuration.arguments))",
      command: commandName)
  }
}

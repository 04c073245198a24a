import Localization
import UserModel
import KooberBackend

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
    guard let value = parsed.values[name] else {
      throw missing(
        TextTable.kooberCommands.text("usage.missingOption", usageValues(["option": name])))
    }
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
    guard let type = UserType(rawValue: text.lowercased()), UserType.kooberTypes.contains(type)
    else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.type", ["value": text]), command: commandName)
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
        message: TextTable.kooberCommands.text("usage.port", ["value": text]), command: commandName)
    }
    return port
  }

  /// `--host-names a.example,b.example`: `koober serve`'s extra names, none when not given.
  func hostNames() throws(UsageError) -> [String] {
    guard let text = parsed.values["host-names"] else { return [] }
    let names = text.split(separator: ",", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    for name in names where KooberBackend.normalizedHostName(name) == nil {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.hostName", ["value": name]),
        command: commandName)
    }
    return names
  }

  /// The command or group `help` was asked about, if any: `help rides request`,
  /// `help rides`.
  func helpTopic() throws(UsageError) -> HelpTopic? {
    guard !parsed.positionals.isEmpty else { return nil }
    guard parsed.positionals.count <= 2 else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.helpTopic"), command: commandName)
    }
    let topic = parsed.positionals.joined(separator: " ")
    if let group = CommandGroup(rawValue: topic) { return .group(group) }
    guard let name = RootCommand.subcommand(named: topic) else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.unknownCommand", ["command": topic]),
        command: nil)
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
        message: TextTable.kooberCommands.text("usage.noArgument", [
          "command": commandName, "argument": first,
        ]),
        command: commandName)
    case .required(let name), .optional(let name):
      return try first(of: positionals, taking: [name])
    case .pair(let first, let second):
      return try self.first(of: positionals, taking: [first, second])
    }
  }

  /// The first of `positionals`, or the usage error of one more than `names`, the command's
  /// arguments, allow (`usage.oneArgument` names the last it takes).
  private func first(of positionals: [String], taking names: [String]) throws(UsageError)
    -> String?
  {
    guard positionals.count <= names.count else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.oneArgument", [
          "command": commandName, "name": names[names.count - 1],
          "argument": positionals[names.count],
        ]),
        command: commandName)
    }
    return positionals.first
  }

  /// Both plain arguments of a command that takes two, e.g. `passkey rename ID NAME`.
  func requiredPair() throws(UsageError) -> (String, String) {
    let positionals = parsed.positionals
    guard case .pair(let first, let second) = configuration.positional else {
      return (positionals.first ?? "", "")
    }
    for (index, name) in [first, second].enumerated()
    where index >= positionals.count || positionals[index].isEmpty {
      throw missing(
        TextTable.kooberCommands.text("usage.missingArgument", usageValues(["name": name])))
    }
    return (positionals[0], positionals[1])
  }

  /// The plain argument a command cannot do without, e.g. `rides cancel ID`.
  func requiredPositional() throws(UsageError) -> String {
    guard let value = try positional(), !value.isEmpty else {
      // A ride's `ID` is named in words; another argument (`switch IDENTIFIER`, a passkey's
      // `ID`) by its name.
      if case .required(let name) = configuration.positional,
        name != "ID" || configuration.group == .passkey
      {
        throw missing(
          TextTable.kooberCommands.text("usage.missingArgument", usageValues(["name": name])))
      }
      throw missing(TextTable.kooberCommands.text("usage.missingRideId", usageValues()))
    }
    return value
  }

  /// The usage error of a missing option or argument, whose message ends with the
  /// command's usage line.
  private func missing(_ message: String) -> UsageError {
    UsageError(message: message, command: commandName)
  }

  /// The placeholders of a message ending with the command's usage line, e.g.
  /// `'rides cancel' needs a ride id (koober rides cancel ID)`: `command`, `arguments`.
  private func usageValues(_ more: [String: String] = [:]) -> [String: String] {
    more.merging(["command": commandName, "arguments": configuration.arguments]) { $1 }
  }
}

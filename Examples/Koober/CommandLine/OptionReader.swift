import UserModel

/// Turns one command's raw option values into typed ones, with the usage error to show when
/// a value is missing or wrong.
struct OptionReader {
  let parsed: ParsedArguments
  let command: CommandName

  /// The value of a required option.
  func required(_ name: String) throws(UsageError) -> String {
    guard let value = parsed.values[name] else {
      let spec = CommandSpec.of(command)
      throw UsageError(
        message: "'\(command.rawValue)' needs '--\(name)' "
          + "(koober \(command.rawValue) \(spec.arguments))",
        command: command)
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
    guard let type = UserType(rawValue: text.lowercased()) else {
      throw UsageError(
        message: "'--type' is passenger or driver, not '\(text)'", command: command)
    }
    return type
  }

  /// `--port N`, 0 when not given.
  func port() throws(UsageError) -> UInt16 {
    guard let text = parsed.values["port"] else { return 0 }
    guard let port = UInt16(text) else {
      throw UsageError(
        message: "'--port' needs a number from 0 to 65535, not '\(text)'", command: command)
    }
    return port
  }

  /// The command `help` was asked about, if any.
  func helpTopic() throws(UsageError) -> CommandName? {
    guard let topic = parsed.positionals.first else { return nil }
    guard parsed.positionals.count == 1 else {
      throw UsageError(message: "'help' takes one command name", command: .help)
    }
    guard let name = CommandName(rawValue: topic) else {
      throw UsageError(message: "unknown command '\(topic)'", command: nil)
    }
    return name
  }

  /// Refuses plain arguments for commands that take none.
  func rejectPositionals(unless allowed: Bool) throws(UsageError) {
    guard !allowed, let first = parsed.positionals.first else { return }
    throw UsageError(
      message: "'\(command.rawValue)' takes no argument '\(first)'", command: command)
  }
}

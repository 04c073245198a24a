import Localization

/// The command line split into a command, option values, flags and plain arguments, checked
/// against the command's `CommandConfiguration` but not yet turned into typed options.
struct ParsedArguments: Sendable {
  /// The subcommand, or `nil` for interactive mode.
  var command: (any KooberCommand.Type)?
  /// The first word of a two-word command (`rides`, `driver`), once it was read.
  var group: CommandGroup?
  /// The values of options that take one, by name without dashes (a repeatable option's
  /// first).
  var values: [String: String] = [:]
  /// Every value of a repeatable option, in order, by name without dashes.
  var repeatedValues: [String: [String]] = [:]
  /// The flags given, by name without dashes.
  var flags: Set<String> = []
  /// Arguments that are not options (`help`'s topic, a ride id).
  var positionals: [String] = []
  /// `-h` or `--help` was given.
  var wantsHelp = false

  /// Splits `arguments` (without the program name).
  ///
  /// Options may come before or after the command, as `--name value` or `--name=value`;
  /// `--` ends the options; a word with one dash (other than `-h`) is a plain argument. A
  /// value may not start with `--` unless given with `=`, so a forgotten value is reported
  /// rather than swallowing the next option.
  /// - Parameter arguments: e.g. `["sign-in", "--email", "ann@example.com"]`.
  /// - Throws: `UsageError` for an unknown command or option, a missing value, an option
  ///   given twice or a value given to a flag.
  init(_ arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    var optionsEnded = false
    while let token = rest.popFirst() {
      if optionsEnded || !token.hasPrefix("-") || token == "-" {
        try take(argument: token)
      } else if token == "--" {
        optionsEnded = true
      } else if token == "-h" || token == "--help" {
        wantsHelp = true
      } else if !token.hasPrefix("--") {
        // koober's only short option is -h: any other word with one dash is an argument, such
        // as a passkey's id (base64url, which may begin with '-').
        try take(argument: token)
      } else {
        try take(option: token, from: &rest)
      }
    }
    if let group, command == nil, !wantsHelp {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.groupNeedsCommand", [
          "group": group.rawValue, "commands": group.subcommandWords,
        ]),
        command: nil, group: group)
    }
  }

  /// The subcommand's full name (`sign-in`, `rides request`), for usage errors.
  var commandName: String? {
    command?.configuration.fullName
  }

  /// The options the command line may use at this point.
  private var knownOptions: [OptionSpec] {
    RootCommand.globalOptions + (command?.configuration.options ?? [])
  }

  private mutating func take(argument: String) throws(UsageError) {
    guard command == nil else {
      positionals.append(argument)
      return
    }
    if let group {
      guard let name = RootCommand.subcommand(named: group.rawValue + " " + argument),
        !argument.contains(" ")
      else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.unknownCommand", [
            "command": group.rawValue + " " + argument
          ]),
          command: nil, group: group)
      }
      command = name
      return
    }
    if let group = CommandGroup(rawValue: argument) {
      self.group = group
      return
    }
    // A two-word name typed as one quoted word is not a command.
    guard let name = RootCommand.subcommand(named: argument), name.configuration.group == nil
    else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.unknownCommand", ["command": argument]),
        command: nil)
    }
    command = name
  }

  private mutating func take(option token: String, from rest: inout ArraySlice<String>)
    throws(UsageError)
  {
    let body = token.drop(while: { $0 == "-" })
    let name = String(body.prefix(while: { $0 != "=" }))
    let afterName = body.dropFirst(name.count)
    let inlineValue = afterName.isEmpty ? nil : String(afterName.dropFirst())
    guard token.hasPrefix("--"), let spec = knownOptions.first(where: { $0.name == name }) else {
      throw UsageError(message: unknownOption(token), command: commandName, group: group)
    }
    guard spec.repeatable || (values[name] == nil && !flags.contains(name)) else {
      throw UsageError(
        message: TextTable.kooberCommands.text("usage.givenTwice", ["option": name]),
        command: commandName)
    }
    guard spec.takesValue else {
      guard inlineValue == nil else {
        throw UsageError(
          message: TextTable.kooberCommands.text("usage.takesNoValue", ["option": name]),
          command: commandName)
      }
      flags.insert(name)
      return
    }
    if let inlineValue {
      keep(inlineValue, for: name)
    } else if let next = rest.first, !next.hasPrefix("--") {
      keep(next, for: name)
      rest.removeFirst()
    } else {
      throw UsageError(
        message: TextTable.kooberCommands.text(
          "usage.needsValue", ["option": name, "synopsis": spec.synopsis]),
        command: commandName)
    }
  }

  private mutating func keep(_ value: String, for name: String) {
    if values[name] == nil { values[name] = value }
    repeatedValues[name, default: []].append(value)
  }

  /// `unknown option '--mail' for 'sign-in'`, or without the command before one was named.
  private func unknownOption(_ token: String) -> String {
    guard let commandName else {
      return TextTable.kooberCommands.text("usage.unknownOption", ["option": token])
    }
    return TextTable.kooberCommands.text(
      "usage.unknownOptionFor", ["option": token, "command": commandName])
  }
}

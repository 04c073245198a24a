import Localization

/// One `--option` a command accepts: a flag, or an option that takes one value.
struct OptionSpec: Sendable, Equatable {
  /// The name without the leading dashes, e.g. `email`.
  let name: String
  /// The value's placeholder in help (`E`, `URL`), or `nil` for a flag.
  let valueName: String?
  /// One line of help, in the chosen language.
  let help: String
  /// Whether the option may be given more than once (`serve --origin`); every value is kept.
  var repeatable = false

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// `--email E` or `--password-stdin`, as help shows it.
  var synopsis: String {
    valueName.map { "--\(name) \($0)" } ?? "--\(name)"
  }

  /// An option with a value.
  static func value(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help)
  }

  /// An option with a value that may be given more than once.
  static func repeatableValue(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: valueName, help: help, repeatable: true)
  }

  /// A flag.
  static func flag(_ name: String, _ help: String) -> OptionSpec {
    OptionSpec(name: name, valueName: nil, help: help)
  }
}

/// The options more than one command takes, written once so their help cannot drift apart.
extension OptionSpec {
  /// `--email E`: `sign-up` and `sign-in`.
  static var email: OptionSpec {
    value("email", "E", TextTable.kooberCommands.text("option.email"))
  }
  /// `--password-stdin`: `sign-up` and `sign-in`.
  static var passwordStdin: OptionSpec {
    flag("password-stdin", TextTable.kooberCommands.text("option.passwordStdin"))
  }
  /// `--to PLACE`: `rides estimate` and `rides request`.
  static var destination: OptionSpec {
    value("to", "PLACE", TextTable.kooberCommands.text("option.destination"))
  }
}

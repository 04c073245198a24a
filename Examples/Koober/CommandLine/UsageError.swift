import Localization

/// A command line `koober` cannot run: printed with a pointer to help, exit status 2.
struct UsageError: Error, Sendable, Equatable {
  /// What is wrong, e.g. "unknown option '--mail' for 'sign-in'".
  let message: String
  /// The full name of the command whose help to point at (`sign-in`, `rides cancel`), or
  /// `nil` for the group's or the general help.
  let command: String?
  /// The group whose help to point at when no command was named, e.g. `koober rides`.
  var group: CommandGroup? = nil

  /// The line after the message: where to read the usage, e.g.
  /// `Run 'koober help sign-in' for usage.`
  var hint: String {
    let topic = command ?? group?.rawValue
    let help = topic.map { "koober help \($0)" } ?? "koober --help"
    return TextTable.kooberCommands.text("usage.hint", ["help": help])
  }
}

/// A command line `koober` cannot run: printed with a pointer to help, exit status 2.
struct UsageError: Error, Sendable, Equatable {
  /// What is wrong, e.g. "unknown option '--mail' for 'sign-in'".
  let message: String
  /// The command whose help to point at, or `nil` for the group's or the general help.
  let command: CommandName?
  /// The group whose help to point at when no command was named, e.g. `koober rides`.
  var group: CommandGroup? = nil

  /// The text for stderr: the message, then where to read the usage.
  var text: String {
    let topic = command?.rawValue ?? group?.rawValue
    let help = topic.map { "koober help \($0)" } ?? "koober --help"
    return "koober: \(message)\nRun '\(help)' for usage."
  }
}

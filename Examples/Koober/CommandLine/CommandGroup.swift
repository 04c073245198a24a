/// A word that starts a two-word command: `rides` (a passenger's rides, or any account's
/// list) and `driver` (a driver's queue and steps). A command names its group in its
/// configuration.
enum CommandGroup: String, CaseIterable, Sendable {
  case rides
  case driver

  /// The group's commands, in the order help lists them.
  var commands: [any KooberCommand.Type] {
    RootCommand.subcommands.filter { $0.configuration.group == self }
  }

  /// The second words, for messages: `request, status, list, …`.
  var subcommandWords: String {
    commands.map { $0.configuration.name }.joined(separator: ", ")
  }

  /// One line for help.
  var summary: String {
    switch self {
    case .rides: "Fares, requests and the ride history, for scripts."
    case .driver: "A driver's queue, accepting and the ride's steps, for scripts."
    }
  }
}

/// The subcommands of `koober`; no subcommand means the interactive screens.
///
/// The ride commands come in two groups (`CommandGroup`) and are typed as two words,
/// `koober rides request`; their raw value is those two words.
enum CommandName: String, CaseIterable, Sendable {
  case status
  case signUp = "sign-up"
  case signIn = "sign-in"
  case verify
  case signOut = "sign-out"
  case outbox
  case report
  case ridesEstimate = "rides estimate"
  case ridesRequest = "rides request"
  case ridesStatus = "rides status"
  case ridesList = "rides list"
  case ridesCancel = "rides cancel"
  case ridesExport = "rides export"
  case driverQueue = "driver queue"
  case driverAccept = "driver accept"
  case driverAdvance = "driver advance"
  case serve
  case help

  /// The group the command belongs to, or `nil` for a one-word command.
  var group: CommandGroup? {
    CommandGroup.allCases.first { rawValue.hasPrefix($0.rawValue + " ") }
  }
}

/// A word that starts a two-word command: `rides` (a passenger's rides, or any account's
/// list) and `driver` (a driver's queue and steps).
enum CommandGroup: String, CaseIterable, Sendable {
  case rides
  case driver

  /// The group's commands, in the order help lists them.
  var commands: [CommandName] {
    CommandName.allCases.filter { $0.group == self }
  }

  /// The second words, for messages: `request, status, list, …`.
  var subcommandWords: String {
    commands.map { String($0.rawValue.dropFirst(rawValue.count + 1)) }
      .joined(separator: ", ")
  }

  /// One line for help.
  var summary: String {
    switch self {
    case .rides: "Fares, requests and the ride history, for scripts."
    case .driver: "A driver's queue, accepting and the ride's steps, for scripts."
    }
  }
}

/// What `koober help …` was asked about.
enum HelpTopic: Sendable, Equatable {
  /// One command, e.g. `help rides request`.
  case command(CommandName)
  /// A group of commands, e.g. `help rides`.
  case group(CommandGroup)
}

import Localization

/// A word that starts a two-word command: `rides` (a passenger's rides, or any account's
/// list), `driver` (a driver's queue and steps), `admin` and `passkey` (the signed-in
/// account's passkeys). A command names its group in its configuration.
enum CommandGroup: String, CaseIterable, Sendable {
  case rides
  case driver
  case admin
  case passkey

  /// The group's commands, in the order help lists them.
  var commands: [any KooberCommand.Type] {
    RootCommand.subcommands.filter { $0.configuration.group == self }
  }

  /// The second words, for messages: `request, status, list, …`.
  var subcommandWords: String {
    commands.map { $0.configuration.name }.joined(separator: ", ")
  }

  /// One line for help, in the chosen language.
  var summary: String {
    switch self {
    case .rides: TextTable.kooberCommands.text("group.rides.summary")
    case .driver: TextTable.kooberCommands.text("group.driver.summary")
    case .admin: TextTable.kooberCommands.text("group.admin.summary")
    case .passkey: TextTable.kooberCommands.text("group.passkey.summary")
    }
  }
}

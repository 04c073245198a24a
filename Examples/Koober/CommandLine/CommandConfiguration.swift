import Localization

/// What a command declares about itself: the one place both the parser and the help text
/// read, so they can never disagree.
struct CommandConfiguration: Sendable {
  /// The command's word, e.g. `sign-in`, or `request` in `rides request`.
  let name: String
  /// The group whose word comes first (`rides`, `driver`), or `nil` for a one-word command.
  var group: CommandGroup? = nil
  /// One line for the command list, in the chosen language.
  let summary: String
  /// What follows `koober <name>` in the usage line, e.g. `--code C`.
  var arguments = ""
  /// The options besides the global ones.
  var options: [OptionSpec] = []
  /// Extra lines for `koober help <name>`, in the chosen language: one text, its lines
  /// separated by line breaks (a translation may wrap them elsewhere).
  var details = ""
  /// The plain arguments the command takes, or `nil` for none.
  var positional: Positional? = nil

  /// The plain arguments a command takes.
  enum Positional: Sendable, Equatable {
    /// One argument that must be given, e.g. a ride's `ID`.
    case required(String)
    /// One argument that may be left out.
    case optional(String)
    /// Two arguments that must both be given, e.g. `passkey rename ID NAME`.
    case pair(String, String)
    /// `help`'s topic: a command or group name of one or two words, read by the command.
    case topic
  }

  /// The name as typed after `koober`, e.g. `rides request`.
  var fullName: String {
    group.map { "\($0.rawValue) \(name)" } ?? name
  }

  /// The help line of the commands that plan a trip (`rides estimate`, `rides request`).
  static var pickupNote: String {
    TextTable.kooberCommands.text("rides.pickupNote", ["pickup": FixedPickup.name])
  }

  /// What follows `koober` in the usage line, e.g. `rides cancel ID`.
  var usage: String {
    arguments.isEmpty ? fullName : fullName + " " + arguments
  }
}

import Foundation
import Localization

extension TextTable {
  /// The words of koober's screens, alerts and storage messages, from its `Koober.strings`
  /// tables (`en`, `zh-Hans`).
  static let koober = TextTable("Koober", bundle: .module)

  /// The words of koober's command line: help, usage errors and what each subcommand prints,
  /// from its `KooberCommands.strings` tables (`en`, `zh-Hans`).
  static let kooberCommands = TextTable("KooberCommands", bundle: .module)

  /// How a one-time code was sent, in the language shown (`sms` → `短信`); a channel koober
  /// does not know shows as the server named it.
  /// - Parameter channel: The challenge's channel, e.g. `sms`.
  /// - Returns: The channel's name.
  static func channelName(_ channel: String) -> String {
    switch channel {
    case "sms": TextTable.koober.text("code.bySMS")
    case "email": TextTable.koober.text("code.byEmail")
    case let other: other
    }
  }
}

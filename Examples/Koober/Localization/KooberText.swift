import Foundation
import Localization

/// The words of koober's screens, alerts and storage messages, from its `Koober.strings`
/// tables (`en`, `zh-Hans`) in the language `Texts.language` names.
enum KooberText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `welcome.title`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "Koober", bundle: .module, values)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  /// - Parameters:
  ///   - key: The key without its `.one` / `.other` ending.
  ///   - count: The number the sentence counts.
  ///   - name: The placeholder the number fills.
  /// - Returns: The text.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "Koober", bundle: .module)
  }

  /// How a one-time code was sent, in the language shown (`sms` → `短信`); a channel koober
  /// does not know shows as the server named it.
  /// - Parameter channel: The challenge's channel, e.g. `sms`.
  /// - Returns: The channel's name.
  static func channelName(_ channel: String) -> String {
    switch channel {
    case "sms": KooberText.text("code.bySMS")
    case "email": KooberText.text("code.byEmail")
    case let other: other
    }
  }
}

/// The words of koober's command line: help, usage errors and what each subcommand prints,
/// from its `KooberCommands.strings` tables (`en`, `zh-Hans`).
enum CommandText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `help.usage`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "KooberCommands", bundle: .module, values)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  /// - Parameters:
  ///   - key: The key without its `.one` / `.other` ending.
  ///   - count: The number the sentence counts.
  ///   - name: The placeholder the number fills.
  /// - Returns: The text.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "KooberCommands", bundle: .module)
  }
}

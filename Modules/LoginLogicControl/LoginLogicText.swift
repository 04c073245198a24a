import Foundation
import Localization

/// LoginLogicControl's sentences, from its `LoginLogicControl.strings` tables (`en`,
/// `zh-Hans`) in the language `Texts.language` names; an app's own table of that name wins.
enum LoginLogicText {
  /// The text of `key`, placeholders filled in.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "LoginLogicControl", bundle: .module, values)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "LoginLogicControl", bundle: .module)
  }

  /// `text` with its first letter upper-cased, for a sentence that may start with a
  /// placeholder: "{feature} is not …" with "requesting a ride" starts "Requesting". A
  /// language without capitals (Chinese) is left as it is.
  static func sentence(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}

/// LoginLogicControl's resource bundle, for tests and for apps that read its tables.
public enum LoginLogicControlResources {
  /// The bundle holding `LoginLogicControl.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

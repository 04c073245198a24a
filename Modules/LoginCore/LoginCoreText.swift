import Foundation
import Localization

/// LoginCore's words, from its `LoginCore.strings` tables (`en`, `zh-Hans`) in the language
/// `Texts.language` names; an app's own `LoginCore.strings` wins.
enum LoginCoreText {
  /// The text of `key`, placeholders filled in.
  static func text(
    _ key: String, _ values: [String: String] = [:], language: TextLanguage = Texts.language
  ) -> String {
    Texts.string(key, table: "LoginCore", bundle: .module, values, language: language)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "LoginCore", bundle: .module)
  }
}

/// LoginCore's resource bundle, for tests and for apps that read its tables.
public enum LoginCoreResources {
  /// The bundle holding `LoginCore.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

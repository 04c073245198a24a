import Foundation
import Localization

/// LoginViewModel's sentences, from its `LoginViewModel.strings` tables (`en`, `zh-Hans`) in
/// the language `Texts.language` names; an app's own `LoginViewModel.strings` wins.
enum LoginViewModelText {
  /// The text of `key`, placeholders filled in.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "LoginViewModel", bundle: .module, values)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "LoginViewModel", bundle: .module)
  }
}

/// LoginViewModel's resource bundle, for tests and for apps that read its tables.
public enum LoginViewModelResources {
  /// The bundle holding `LoginViewModel.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

import Foundation
import Localization

/// ServiceUser's sentences, from its `ServiceUser.strings` tables (`en`, `zh-Hans`) in the
/// language `Texts.language` names; an app's own `ServiceUser.strings` wins.
enum ServiceUserText {
  /// The text of `key`, placeholders filled in.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "ServiceUser", bundle: .module, values)
  }
}

/// ServiceUser's resource bundle, for tests and for apps that read its tables.
public enum ServiceUserResources {
  /// The bundle holding `ServiceUser.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

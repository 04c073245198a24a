import Foundation
import Localization

/// ServiceUserOIDC's sentences, from its `ServiceUserOIDC.strings` tables (`en`, `zh-Hans`) in
/// the language `Texts.language` names; an app's own `ServiceUserOIDC.strings` wins.
enum OIDCText {
  /// The text of `key`, placeholders filled in.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "ServiceUserOIDC", bundle: .module, values)
  }

}

/// ServiceUserOIDC's resource bundle, for tests and for apps that read its tables.
public enum ServiceUserOIDCResources {
  /// The bundle holding `ServiceUserOIDC.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

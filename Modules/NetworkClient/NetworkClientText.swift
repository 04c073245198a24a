import Foundation
import Localization

/// NetworkClient's sentences, from its `NetworkClient.strings` tables (`en`, `zh-Hans`) in the
/// language `Texts.language` names; an app's own `NetworkClient.strings` wins.
enum NetworkClientText {
  /// The text of `key`, placeholders filled in.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "NetworkClient", bundle: .module, values)
  }

}

/// NetworkClient's resource bundle, for tests and for apps that read its tables.
public enum NetworkClientResources {
  /// The bundle holding `NetworkClient.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

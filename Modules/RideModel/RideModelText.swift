import Foundation
import Localization

/// RideModel's sentences and names, from its `RideModel.strings` tables (`en`, `zh-Hans`) in
/// the language `Texts.language` names; an app's own `RideModel.strings` wins.
enum RideModelText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `error.negativeEta`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "RideModel", bundle: .module, values)
  }
}

/// RideModel's resource bundle, for tests and for apps that read its tables.
public enum RideModelResources {
  /// The bundle holding `RideModel.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

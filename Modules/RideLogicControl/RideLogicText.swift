import Foundation
import Localization

/// RideLogicControl's sentences, from its `RideLogicControl.strings` tables (`en`,
/// `zh-Hans`) in the language `Texts.language` names; an app's own table of that name wins.
enum RideLogicText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `error.noVehicle`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "RideLogicControl", bundle: .module, values)
  }
}

/// RideLogicControl's resource bundle, for tests and for apps that read its tables.
public enum RideLogicControlResources {
  /// The bundle holding `RideLogicControl.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

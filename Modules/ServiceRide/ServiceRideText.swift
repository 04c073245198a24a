import Foundation
import Localization

/// ServiceRide's sentences, from its `ServiceRide.strings` tables (`en`, `zh-Hans`) in the
/// language `Texts.language` names; an app's own `ServiceRide.strings` wins.
enum ServiceRideText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `error.offline`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "ServiceRide", bundle: .module, values)
  }

  /// The `.one` or `.other` form of `key` for `count`, with `{name}` set to it.
  static func counted(_ key: String, _ count: Int, as name: String) -> String {
    Texts.counted(key, count, as: name, table: "ServiceRide", bundle: .module)
  }
}

/// ServiceRide's resource bundle, for tests and for apps that read its tables.
public enum ServiceRideResources {
  /// The bundle holding `ServiceRide.strings` in English and Simplified Chinese.
  public static var bundle: Bundle { .module }
}

import Foundation
import Localization

/// RideViewModel's texts, from its `RideViewModel.strings` tables (`en`, `zh-Hans`) in the
/// language `Texts.language` names; an app's own `RideViewModel.strings` wins.
enum RideViewModelText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `status.requested`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "RideViewModel", bundle: .module, values)
  }
}

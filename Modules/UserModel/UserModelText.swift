import Foundation
import Localization

/// UserModel's sentences, from its `UserModel.strings` tables (`en`, `zh-Hans`) in the
/// language `Texts.language` names; an app's own `UserModel.strings` wins.
enum UserModelText {
  /// The text of `key`, placeholders filled in.
  /// - Parameters:
  ///   - key: The key, e.g. `email.empty`.
  ///   - values: Placeholder values by name.
  /// - Returns: The text.
  static func text(_ key: String, _ values: [String: String] = [:]) -> String {
    Texts.string(key, table: "UserModel", bundle: .module, values)
  }
}

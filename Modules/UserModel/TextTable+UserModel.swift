import Foundation
import Localization

extension TextTable {
  /// UserModel's sentences (form problems, password strength and user-type names), from its
  /// `UserModel.strings` tables in English and Simplified Chinese; an app's own `UserModel.strings`
  /// wins. Apps and tests read the tables through it, e.g. `TextTable.userModel.bundle`.
  public static let userModel = TextTable("UserModel", bundle: .module)
}

import Foundation
import Localization

extension TextTable {
  /// LoginViewModel's sentences (the code field's problems and attempts left), from its
  /// `LoginViewModel.strings` tables in English and Simplified Chinese; an app's own
  /// `LoginViewModel.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.loginViewModel.bundle`.
  public static let loginViewModel = TextTable("LoginViewModel", bundle: .module)
}

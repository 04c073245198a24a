import Foundation
import Localization

extension TextTable {
  /// LoginCore's sentences (`AuthFailure`'s messages and the operations' names), from its
  /// `LoginCore.strings` tables in English and Simplified Chinese; an app's own
  /// `LoginCore.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.loginCore.bundle`.
  public static let loginCore = TextTable("LoginCore", bundle: .module)
}

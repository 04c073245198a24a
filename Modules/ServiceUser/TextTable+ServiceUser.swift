import Foundation
import Localization

extension TextTable {
  /// ServiceUser's sentences (`ServiceUserError`'s messages), from its `ServiceUser.strings` tables
  /// in English and Simplified Chinese; an app's own `ServiceUser.strings` wins. Apps and tests
  /// read the tables through it, e.g. `TextTable.serviceUser.bundle`.
  public static let serviceUser = TextTable("ServiceUser", bundle: .module)
}

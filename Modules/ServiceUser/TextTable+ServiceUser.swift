import Foundation
import Localization

extension TextTable {
  /// ServiceUser has no sentences of its own any more: its failures are `AuthFailure`s, whose
  /// sentences are LoginCore's (`TextTable.loginCore`; an app rewords them in its own
  /// `LoginCore.strings`).
  @available(*, unavailable, message: "ServiceUser's failures read from TextTable.loginCore")
  public static var serviceUser: TextTable { TextTable("ServiceUser", bundle: .module) }
}

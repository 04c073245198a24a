import Foundation
import Localization

extension TextTable {
  /// ServiceUserOIDC's sentences (`OIDCConfigurationError` and the provider's failures), from its
  /// `ServiceUserOIDC.strings` tables in English and Simplified Chinese; an app's own
  /// `ServiceUserOIDC.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.serviceUserOIDC.bundle`.
  public static let serviceUserOIDC = TextTable("ServiceUserOIDC", bundle: .module)
}

import Foundation
import Localization

extension TextTable {
  /// ServiceRide's sentences (`RideError`'s messages), from its `ServiceRide.strings` tables in
  /// English and Simplified Chinese; an app's own `ServiceRide.strings` wins. Apps and tests read
  /// the tables through it, e.g. `TextTable.serviceRide.bundle`.
  public static let serviceRide = TextTable("ServiceRide", bundle: .module)
}

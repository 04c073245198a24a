import Foundation
import Localization

extension TextTable {
  /// RideLogicControl's sentences (`RideLogicError`: why a ride step was refused), from its
  /// `RideLogicControl.strings` tables in English and Simplified Chinese; an app's own
  /// `RideLogicControl.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.rideLogicControl.bundle`.
  public static let rideLogicControl = TextTable("RideLogicControl", bundle: .module)
}

import Foundation
import Localization

extension TextTable {
  /// RideViewModel's sentences (the ride screens' status lines and the driver's steps), from its
  /// `RideViewModel.strings` tables in English and Simplified Chinese; an app's own
  /// `RideViewModel.strings` wins. Apps and tests read the tables through it, e.g.
  /// `TextTable.rideViewModel.bundle`.
  public static let rideViewModel = TextTable("RideViewModel", bundle: .module)
}

import Foundation
import Localization

extension TextTable {
  /// RideModel's sentences (`RideModelError`, vehicle and ride-status names), from its
  /// `RideModel.strings` tables in English and Simplified Chinese; an app's own `RideModel.strings`
  /// wins. Apps and tests read the tables through it, e.g. `TextTable.rideModel.bundle`.
  public static let rideModel = TextTable("RideModel", bundle: .module)
}

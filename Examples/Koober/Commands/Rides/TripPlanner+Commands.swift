import Localization
import RideLogicControl
import RideModel

/// A trip planned in one go, for `rides estimate` and `rides request`.
struct PlannedTrip {
  /// The pickup: the fixed current location.
  let pickup: Location
  /// The first place that matched the text.
  let destination: Location
  /// What each vehicle type costs to get there.
  let estimates: [FareEstimate]
}

extension TripPlanner {
  /// Runs the first steps of the request flow without questions: the pickup, the first place
  /// whose name contains `text` (as the screens list them), and its fares. Failures are
  /// reported on stderr.
  /// - Parameters:
  ///   - text: Part of a place's name.
  ///   - console: Where failures are reported.
  /// - Returns: The trip, or the exit status after a failure.
  func plan(to text: String, console: Console) async -> Result<PlannedTrip, RideCommandExit> {
    let pickup: Location
    switch await locatePickup() {
    case .pickup(let location): pickup = location
    case .rideInProgress(let ride):
      return .failure(RideCommandExit(console.failRideInProgress(ride)))
    case .failed(let error): return .failure(RideCommandExit(console.fail(error)))
    }
    let places: [Location]
    switch await search(text) {
    case .success(let found): places = found
    case .failure(let error): return .failure(RideCommandExit(console.fail(error)))
    }
    guard let destination = places.first else {
      console.error(TextTable.kooberCommands.text("rides.noPlace", ["text": text]))
      return .failure(RideCommandExit(.failure))
    }
    switch await estimate(to: destination) {
    case .success(let estimates):
      return .success(PlannedTrip(pickup: pickup, destination: destination, estimates: estimates))
    case .failure(let error):
      return .failure(RideCommandExit(console.fail(error)))
    }
  }
}

import RideLogicControl
import NetworkClient
import RideModel
import ServiceRide

/// The ride calls behind `[Fare estimate]` and `koober rides estimate`: the passenger's
/// request flow (pickup → search → estimates) without an account, so guests can use it.
///
/// Fare estimates need no account (the HTTP contract), so they go to the server; there is never an
/// active ride to follow, and the steps that need a passenger account are refused without
/// sending anything.
struct EstimateOnlyRides: PassengerRideServicing {
  /// The service whose estimates are used; its cache stays in memory and empty.
  let rides: RideService

  /// Makes the estimate-only calls on a client that need not be signed in.
  /// - Parameter network: Any client for the API.
  init(network: NetworkClient) {
    rides = RideService(
      network: network, cache: RideCache(memoryOnlyBecause: "fare estimates keep no rides"))
  }

  func fareEstimates(from pickup: Location, to destination: Location)
    async throws(RideError) -> [FareEstimate]
  {
    try await rides.fareEstimates(from: pickup, to: destination)
  }

  func requestRide(from pickup: Location, to destination: Location, vehicle: VehicleType)
    async throws(RideError) -> Ride
  {
    throw .passengersOnly
  }

  func cancelRide(_ id: String) async throws(RideError) -> Ride {
    throw .notFound
  }

  func ride(_ id: String) async throws(RideError) -> Ride {
    throw .notFound
  }

  func activeRide() async throws(RideError) -> Ride? {
    nil
  }
}

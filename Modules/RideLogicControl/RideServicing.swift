import RideModel
import ServiceRide

/// The ride calls a passenger's flow makes: exactly the `RideService` operations it needs.
///
/// `RideService` conforms (see `RideService+Servicing.swift`); tests pass a small hand-written
/// fake instead, so every flow runs without a network or a database.
public protocol PassengerRideServicing: Sendable {
  /// What a ride would cost in each vehicle type.
  /// - Parameters:
  ///   - pickup: Where the ride would start.
  ///   - destination: Where it would end.
  /// - Returns: One estimate per vehicle type.
  /// - Throws: `RideError`.
  func fareEstimates(from pickup: Location, to destination: Location)
    async throws(RideError) -> [FareEstimate]

  /// Asks for a ride.
  /// - Parameters:
  ///   - pickup: Where to be picked up.
  ///   - destination: Where to go.
  ///   - vehicle: The vehicle type.
  /// - Returns: The new ride, `requested`.
  /// - Throws: `RideError`, e.g. `.rideInProgress`.
  func requestRide(from pickup: Location, to destination: Location, vehicle: VehicleType)
    async throws(RideError) -> Ride

  /// Cancels a ride while it is requested or accepted.
  /// - Parameter id: The ride's id.
  /// - Returns: The cancelled ride.
  /// - Throws: `RideError`, e.g. `.invalidTransition` once the driver has arrived.
  func cancelRide(_ id: String) async throws(RideError) -> Ride

  /// A ride as it is now.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride.
  /// - Throws: `RideError`.
  func ride(_ id: String) async throws(RideError) -> Ride

  /// The account's ride that is neither completed nor cancelled, if any.
  /// - Returns: The ride, or `nil`.
  /// - Throws: `RideError`.
  func activeRide() async throws(RideError) -> Ride?
}

/// The ride calls a driver's flow makes: exactly the `RideService` operations it needs.
///
/// `RideService` conforms (see `RideService+Servicing.swift`); tests pass a fake.
public protocol DriverRideServicing: Sendable {
  /// The rides waiting for a driver, oldest first.
  /// - Returns: The queue.
  /// - Throws: `RideError`, e.g. `.driversOnly`.
  func queue() async throws(RideError) -> [Ride]

  /// Makes one driver step on a ride.
  /// - Parameters:
  ///   - step: The step.
  ///   - id: The ride's id.
  /// - Returns: The moved ride.
  /// - Throws: `RideError`, e.g. `.alreadyAccepted`, `.invalidTransition`.
  func perform(_ step: DriverStep, onRide id: String) async throws(RideError) -> Ride

  /// A ride as it is now.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride.
  /// - Throws: `RideError`.
  func ride(_ id: String) async throws(RideError) -> Ride

  /// The driver's accepted ride that is still going on, if any.
  /// - Returns: The ride, or `nil`.
  /// - Throws: `RideError`.
  func activeRide() async throws(RideError) -> Ride?
}

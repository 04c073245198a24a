import RideLogicControl
import RideModel
import ServiceRide

/// The passenger control's delegate while a trip is planned (pickup → destination search →
/// estimates → vehicle → confirm): it runs one step, waits for it, and hands back what the
/// control reported. The request and fare screens and the `rides` commands share it, the
/// way the login commands share `CommandResponder`.
///
/// ```swift
/// let planner = TripPlanner(control: container.makePassengerControl())
/// guard case .pickup = await planner.locatePickup() else { … }
/// let places = try await planner.search("opera").get()
/// ```
@MainActor
final class TripPlanner: PassengerRideLogicDelegate, RideStepRecording {
  /// What looking for the pickup found.
  enum Start {
    /// No ride is going on; rides start here.
    case pickup(Location)
    /// A ride is going on already; the control follows it.
    case rideInProgress(Ride)
    /// The step failed.
    case failed(RideLogicError)
  }

  /// The flow being planned.
  let control: PassengerRideLogicControl

  private var pickup: Location?
  private var destinations: [Location]?
  private var estimates: [FareEstimate]?
  private var ride: Ride?
  private var failure: RideLogicError?

  /// Becomes the delegate of `control`.
  /// - Parameter control: A passenger control (or the estimate-only one).
  init(control: PassengerRideLogicControl) {
    self.control = control
    control.delegate = self
  }

  /// Finds the pickup, or the ride already going on.
  func locatePickup() async -> Start {
    clear()
    await control.start()?.value
    if let ride { return .rideInProgress(ride) }
    if let pickup { return .pickup(pickup) }
    return .failed(failure ?? .noPickup)
  }

  /// The places whose name contains `text`.
  func search(_ text: String) async -> Result<[Location], RideLogicError> {
    clear()
    await control.searchDestinations(text).value
    if let destinations { return .success(destinations) }
    return .failure(failure ?? .service(.cancelled))
  }

  /// Chooses the destination and returns what each vehicle type costs to get there.
  func estimate(to destination: Location) async -> Result<[FareEstimate], RideLogicError> {
    clear()
    await control.chooseDestination(destination)?.value
    if let estimates { return .success(estimates) }
    return .failure(failure ?? .noPickup)
  }

  /// Chooses the vehicle and requests the ride; the control then follows it. When the server
  /// knows of a ride going on, that ride is in `.rideInProgress` and followed instead.
  func request(_ vehicle: VehicleType) async -> Result<Ride, RideLogicError> {
    clear()
    guard control.chooseVehicle(vehicle) else { return .failure(failure ?? .noVehicle) }
    await control.confirm()?.value
    if let failure { return .failure(failure) }
    if let ride { return .success(ride) }
    return .failure(.noActiveRide)
  }

  private func clear() {
    (pickup, destinations, estimates, ride, failure) = (nil, nil, nil, nil, nil)
  }

  // MARK: - PassengerRideLogicDelegate

  func passengerLogic(_ control: PassengerRideLogicControl, didLocatePickup pickup: Location) {
    self.pickup = pickup
  }

  func passengerLogic(
    _ control: PassengerRideLogicControl, didFindDestinations destinations: [Location],
    for text: String
  ) {
    self.destinations = destinations
  }

  func passengerLogic(
    _ control: PassengerRideLogicControl, didEstimate estimates: [FareEstimate],
    to destination: Location
  ) {
    self.estimates = estimates
  }

  func passengerLogic(_ control: PassengerRideLogicControl, didFail error: RideLogicError) {
    failure = error
  }

  func rideDidChange(_ ride: Ride) {
    self.ride = ride
  }
}

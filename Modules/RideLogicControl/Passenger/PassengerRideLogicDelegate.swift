import RideModel

/// Hears the passenger's request flow: the pickup, the destination search, the estimates and
/// failures; the ride's own states arrive through the `RideStateResponder` methods it
/// inherits.
@MainActor
public protocol PassengerRideLogicDelegate: RideStateResponder {
  /// No ride is going on and the pickup is known: show the request screen.
  /// - Parameters:
  ///   - control: The passenger control.
  ///   - pickup: The current location, used as the pickup.
  func passengerLogic(_ control: PassengerRideLogicControl, didLocatePickup pickup: Location)

  /// Places matching the latest search text.
  /// - Parameters:
  ///   - control: The passenger control.
  ///   - destinations: The places, in the server's order; possibly empty.
  ///   - text: The text they match (earlier searches' answers are dropped).
  func passengerLogic(
    _ control: PassengerRideLogicControl, didFindDestinations destinations: [Location],
    for text: String)

  /// What a ride to the chosen destination costs in each vehicle type: show the choice.
  /// - Parameters:
  ///   - control: The passenger control.
  ///   - estimates: One per vehicle type.
  ///   - destination: The destination they are for.
  func passengerLogic(
    _ control: PassengerRideLogicControl, didEstimate estimates: [FareEstimate],
    to destination: Location)

  /// A step did not happen; stay where you are and show `error.message`.
  /// - Parameters:
  ///   - control: The passenger control.
  ///   - error: Why, e.g. `.noVehicle`, `.rideInProgress(_)`, `.service(.offline)`.
  func passengerLogic(_ control: PassengerRideLogicControl, didFail error: RideLogicError)
}

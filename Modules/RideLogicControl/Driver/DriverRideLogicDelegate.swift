import RideModel

/// Hears the driver's flow: the queue and failures; the accepted ride's states arrive through
/// the `RideStateResponder` methods it inherits (including a passenger's cancel).
@MainActor
public protocol DriverRideLogicDelegate: RideStateResponder {
  /// The rides waiting for a driver, oldest first: show the queue.
  /// - Parameters:
  ///   - control: The driver control.
  ///   - queue: The rides; possibly empty.
  func driverLogic(_ control: DriverRideLogicControl, didLoadQueue queue: [Ride])

  /// A step did not happen; show `error.message`. After `.service(.alreadyAccepted)` the
  /// queue is loaded again (`didLoadQueue` follows).
  /// - Parameters:
  ///   - control: The driver control.
  ///   - error: Why, e.g. `.rideInProgress(_)`, `.service(.alreadyAccepted)`.
  func driverLogic(_ control: DriverRideLogicControl, didFail error: RideLogicError)
}

import RideModel
import ServiceRide

/// Hears where a followed ride is: one call per change of
/// its status, never two for the same status, plus the connection's loss and return.
///
/// When a control starts following a ride (just requested, just accepted, or found going on
/// at `start()`), the call for its current status comes first; each later call is a change.
///
/// ```swift
/// extension RideStatusScreen: PassengerRideLogicDelegate {
///   func rideLogic(_ control: any RideFollowing, rideAccepted ride: Ride) {
///     statusViewModel.rideChanged(ride)
///   }
///   …
/// }
/// ```
@MainActor
public protocol RideStateResponder: AnyObject {
  /// The ride waits for a driver.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `requested`.
  func rideLogic(_ control: any RideFollowing, rideRequested ride: Ride)

  /// A driver accepted the ride and is on the way.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `accepted`, with its driver.
  func rideLogic(_ control: any RideFollowing, rideAccepted ride: Ride)

  /// The driver is at the pickup.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `arrived`.
  func rideLogic(_ control: any RideFollowing, driverArrived ride: Ride)

  /// The passenger is in the car.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `inProgress`.
  func rideLogic(_ control: any RideFollowing, rideStarted ride: Ride)

  /// The ride reached the destination; following ends.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `completed`.
  func rideLogic(_ control: any RideFollowing, rideCompleted ride: Ride)

  /// The ride was cancelled; following ends.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride, `cancelled`.
  func rideLogic(_ control: any RideFollowing, rideCancelled ride: Ride)

  /// The server stopped answering; the control keeps the last known state and keeps trying.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - lastKnown: The ride as last seen.
  ///   - error: Why the last check failed (`.offline`, `.timeout`, `.serverUnavailable`).
  func rideLogic(
    _ control: any RideFollowing, isReconnecting lastKnown: Ride, because error: RideError)

  /// The server answers again; a status call follows if the ride changed meanwhile.
  /// - Parameters:
  ///   - control: The control following the ride.
  ///   - ride: The ride as the server has it now.
  func rideLogic(_ control: any RideFollowing, didReconnect ride: Ride)

  /// Following stopped for good because the server refused (the ride is gone, or the session
  /// ended).
  /// - Parameters:
  ///   - control: The control that was following the ride.
  ///   - lastKnown: The ride as last seen.
  ///   - error: Why, e.g. `.notFound`, `.notSignedIn`.
  func rideLogic(
    _ control: any RideFollowing, stoppedFollowing lastKnown: Ride, because error: RideError)
}

extension RideStateResponder {
  /// Calls the method of `ride`'s status.
  func report(_ ride: Ride, from control: any RideFollowing) {
    switch ride.status {
    case .requested: rideLogic(control, rideRequested: ride)
    case .accepted: rideLogic(control, rideAccepted: ride)
    case .arrived: rideLogic(control, driverArrived: ride)
    case .inProgress: rideLogic(control, rideStarted: ride)
    case .completed: rideLogic(control, rideCompleted: ride)
    case .cancelled: rideLogic(control, rideCancelled: ride)
    }
  }

  /// Passes on one event of the follower.
  func report(_ event: RideFollower.Event, from control: any RideFollowing) {
    switch event {
    case .status(let ride): report(ride, from: control)
    case .reconnecting(let ride, let error):
      rideLogic(control, isReconnecting: ride, because: error)
    case .reconnected(let ride): rideLogic(control, didReconnect: ride)
    case .stopped(let ride, let error): rideLogic(control, stoppedFollowing: ride, because: error)
    }
  }
}

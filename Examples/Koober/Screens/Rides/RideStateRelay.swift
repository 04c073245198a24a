import RideLogicControl
import RideModel
import ServiceRide

/// A `RideStateResponder` that takes the six status calls in one place: a terminal screen
/// draws every status the same way (a sentence from the view model), so the relay turns
/// `rideRequested`, `rideAccepted`, … into one `rideDidChange(_:)`, the way `LoginRouting`
/// turns the login routes into one destination.
@MainActor
protocol RideStateRelay: RideStateResponder {
  /// The followed ride has a new status (or is shown for the first time).
  /// - Parameter ride: The ride as now known.
  func rideDidChange(_ ride: Ride)
}

extension RideStateRelay {
  func rideLogic(_ control: any RideFollowing, rideRequested ride: Ride) {
    rideDidChange(ride)
  }

  func rideLogic(_ control: any RideFollowing, rideAccepted ride: Ride) {
    rideDidChange(ride)
  }

  func rideLogic(_ control: any RideFollowing, driverArrived ride: Ride) {
    rideDidChange(ride)
  }

  func rideLogic(_ control: any RideFollowing, rideStarted ride: Ride) {
    rideDidChange(ride)
  }

  func rideLogic(_ control: any RideFollowing, rideCompleted ride: Ride) {
    rideDidChange(ride)
  }

  func rideLogic(_ control: any RideFollowing, rideCancelled ride: Ride) {
    rideDidChange(ride)
  }
}

/// A delegate that keeps what one step reported and hands it back (the trip planner, the
/// driver commands' recorder): it is done before a poll could matter, so the connection's
/// loss and return mean nothing to it.
@MainActor
protocol RideStepRecording: RideStateRelay {}

extension RideStepRecording {
  func rideLogic(
    _ control: any RideFollowing, isReconnecting lastKnown: Ride, because error: RideError
  ) {}

  func rideLogic(_ control: any RideFollowing, didReconnect ride: Ride) {}

  func rideLogic(
    _ control: any RideFollowing, stoppedFollowing lastKnown: Ride, because error: RideError
  ) {}
}

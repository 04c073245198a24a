import RideLogicControl
import RideModel
import ServiceRide

/// Records every delegate call of both ride controls, in order, as comparable values.
@MainActor
final class ResponderLog: PassengerRideLogicDelegate, DriverRideLogicDelegate {
  enum Event: Equatable {
    case requested(String)
    case accepted(String)
    case arrived(String)
    case started(String)
    case completed(String)
    case cancelled(String)
    case reconnecting(RideStatus, RideError)
    case reconnected(RideStatus)
    case stopped(RideStatus, RideError)
    case pickup(String)
    case destinations([String], for: String)
    case estimates([VehicleType], to: String)
    case failed(RideLogicError)
    case queue([String])
  }

  private(set) var events: [Event] = []

  /// Waits, in real time, for at least `count` events (a bound, never asserted as timing).
  func waitForEvents(_ count: Int) async -> Bool {
    let clock = ContinuousClock()
    let giveUp = clock.now.advanced(by: Poller.patience)
    while events.count < count {
      if clock.now >= giveUp { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  // MARK: - RideStateResponder

  func rideLogic(_ control: any RideFollowing, rideRequested ride: Ride) {
    events.append(.requested(ride.id))
  }

  func rideLogic(_ control: any RideFollowing, rideAccepted ride: Ride) {
    events.append(.accepted(ride.id))
  }

  func rideLogic(_ control: any RideFollowing, driverArrived ride: Ride) {
    events.append(.arrived(ride.id))
  }

  func rideLogic(_ control: any RideFollowing, rideStarted ride: Ride) {
    events.append(.started(ride.id))
  }

  func rideLogic(_ control: any RideFollowing, rideCompleted ride: Ride) {
    events.append(.completed(ride.id))
  }

  func rideLogic(_ control: any RideFollowing, rideCancelled ride: Ride) {
    events.append(.cancelled(ride.id))
  }

  func rideLogic(
    _ control: any RideFollowing, isReconnecting lastKnown: Ride, because error: RideError
  ) {
    events.append(.reconnecting(lastKnown.status, error))
  }

  func rideLogic(_ control: any RideFollowing, didReconnect ride: Ride) {
    events.append(.reconnected(ride.status))
  }

  func rideLogic(
    _ control: any RideFollowing, stoppedFollowing lastKnown: Ride, because error: RideError
  ) {
    events.append(.stopped(lastKnown.status, error))
  }

  // MARK: - PassengerRideLogicDelegate

  func passengerLogic(_ control: PassengerRideLogicControl, didLocatePickup pickup: Location) {
    events.append(.pickup(pickup.displayText))
  }

  func passengerLogic(
    _ control: PassengerRideLogicControl, didFindDestinations destinations: [Location],
    for text: String
  ) {
    events.append(.destinations(destinations.map(\.displayText), for: text))
  }

  func passengerLogic(
    _ control: PassengerRideLogicControl, didEstimate estimates: [FareEstimate],
    to destination: Location
  ) {
    events.append(.estimates(estimates.map(\.vehicleType), to: destination.displayText))
  }

  func passengerLogic(_ control: PassengerRideLogicControl, didFail error: RideLogicError) {
    events.append(.failed(error))
  }

  // MARK: - DriverRideLogicDelegate

  func driverLogic(_ control: DriverRideLogicControl, didLoadQueue queue: [Ride]) {
    events.append(.queue(queue.map(\.id)))
  }

  func driverLogic(_ control: DriverRideLogicControl, didFail error: RideLogicError) {
    events.append(.failed(error))
  }
}

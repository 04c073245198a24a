import RideLogicControl
import RideModel
import ServiceRide

/// The driver control's delegate when `koober driver …` runs: it keeps what the control
/// reported, and the command prints it, as `CommandResponder` does for the login commands.
@MainActor
final class DriverStepRecorder: DriverRideLogicDelegate, RideStepRecording {
  /// The control, with this recorder as its delegate.
  let control: DriverRideLogicControl
  /// The queue as last loaded, or `nil` before any.
  private(set) var queue: [Ride]?
  /// The driver's ride as last reported (the one going on, or just accepted).
  private(set) var ride: Ride?
  /// The last failure, or `nil`.
  private(set) var failure: RideLogicError?

  /// Becomes the delegate of `control`.
  /// - Parameter control: A driver control.
  init(control: DriverRideLogicControl) {
    self.control = control
    control.delegate = self
  }

  /// Runs one step of the control and waits for it; what it reported replaces what was kept.
  /// - Parameter step: Starts the step, e.g. `{ $0.start() }`.
  func run(_ step: (DriverRideLogicControl) -> Task<Void, Never>?) async {
    (queue, ride, failure) = (nil, nil, nil)
    await step(control)?.value
  }

  func driverLogic(_ control: DriverRideLogicControl, didLoadQueue queue: [Ride]) {
    self.queue = queue
  }

  func driverLogic(_ control: DriverRideLogicControl, didFail error: RideLogicError) {
    failure = error
  }

  func rideDidChange(_ ride: Ride) {
    self.ride = ride
  }
}

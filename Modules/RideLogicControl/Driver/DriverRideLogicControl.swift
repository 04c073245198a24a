import RideModel
import ServiceRide

/// The driver's ride flow: the queue → accept → arrive → start → complete, one
/// ride at a time. The accepted ride is followed like the passenger's, so a passenger's
/// cancel reaches the driver (`rideCancelled`).
///
/// Each action returns the task doing it (or `nil` when nothing was started); one runs at a
/// time.
///
/// ```swift
/// let driver = DriverRideLogicControl(rides: rideService)
/// driver.delegate = queueScreen
/// driver.start()              // → the active ride's state, or didLoadQueue
/// driver.accept(queue[0])     // → rideAccepted
/// driver.advance()            // → driverArrived; again → rideStarted; again → rideCompleted
/// ```
@MainActor
public final class DriverRideLogicControl: RideFollowing, RideFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any DriverRideLogicDelegate)?
  /// The queue as last loaded.
  public private(set) var queue: [Ride] = []
  /// `true` while a step is in flight.
  public internal(set) var isWorking = false

  private let rides: any DriverRideServicing
  private let follower: RideFollower

  /// Makes the control.
  /// - Parameters:
  ///   - rides: The ride calls (the driver's `RideService`).
  ///   - clock: Paces the polling of the accepted ride; a test passes a manual clock.
  ///   - pollInterval: How often the ride is checked; 2 seconds by default.
  public init(
    rides: any DriverRideServicing, clock: any Clock<Duration> = ContinuousClock(),
    pollInterval: Duration = .seconds(2)
  ) {
    self.rides = rides
    follower = RideFollower(clock: clock, interval: pollInterval) { id throws(RideError) in
      try await rides.ride(id)
    }
    follower.report(to: self) { $0.delegate }
  }

  /// The ride being followed, or the last one once it is over.
  public var followedRide: Ride? { follower.ride }
  /// Whether the server is unreachable and the control is trying again.
  public var isReconnecting: Bool { follower.isReconnecting }

  /// Follows the driver's ride still going on, if any (its state is reported first);
  /// otherwise loads the queue.
  /// - Returns: The running task, or `nil` when another step is in flight.
  @discardableResult
  public func start() -> Task<Void, Never>? {
    runService { control throws(RideError) in
      if let ride = try await control.rides.activeRide() {
        control.follower.follow(ride)
      } else {
        try await control.loadQueueNow()
      }
    }
  }

  /// Loads the queue (`didLoadQueue`).
  /// - Returns: The running task, or `nil` when another step is in flight.
  @discardableResult
  public func loadQueue() -> Task<Void, Never>? {
    runService { control throws(RideError) in try await control.loadQueueNow() }
  }

  /// Accepts a ride of the queue and follows it (`rideAccepted`). Refused while another ride
  /// is going on. When another driver was first, the failure is reported and the queue
  /// loaded again.
  /// - Parameter ride: A ride of the queue.
  /// - Returns: The running task, or `nil` when refused or another step is in flight.
  @discardableResult
  public func accept(_ ride: Ride) -> Task<Void, Never>? {
    if let active = activeRide { return refuse(.rideInProgress(active)) }
    return runService { control throws(RideError) in
      do throws(RideError) {
        control.follower.follow(try await control.rides.perform(.accept, onRide: ride.id))
      } catch .alreadyAccepted {
        control.delegate?.driverLogic(control, didFail: .service(.alreadyAccepted))
        try await control.loadQueueNow()
      }
    }
  }

  /// Makes the next step on the accepted ride: arrive, start, then complete. Each reports the
  /// new state; completing ends the following.
  /// - Returns: The running task, or `nil` when refused or another step is in flight.
  @discardableResult
  public func advance() -> Task<Void, Never>? {
    guard let ride = follower.ride else { return refuse(.noActiveRide) }
    guard let step = DriverStep(after: ride.status) else { return refuse(.rideIsOver(ride.status)) }
    return runService { control throws(RideError) in
      do throws(RideError) {
        control.follower.update(try await control.rides.perform(step, onRide: ride.id))
      } catch .invalidTransition(let detail) {
        // The ride moved meanwhile (the passenger cancelled): say so, then show where it is.
        control.delegate?.driverLogic(control, didFail: .service(.invalidTransition(detail)))
        control.follower.update(try await control.rides.ride(ride.id))
      }
    }
  }

  /// Stops following the ride (the screen went away); nothing more is reported.
  public func stop() {
    follower.stop()
  }

  private func loadQueueNow() async throws(RideError) {
    let queue = try await rides.queue()
    self.queue = queue
    delegate?.driverLogic(self, didLoadQueue: queue)
  }

  func reportFailure(_ error: RideLogicError) {
    delegate?.driverLogic(self, didFail: error)
  }

  /// Runs a step made of service calls only; their failure is reported as `.service`.
  private func runService(
    _ body: @escaping @MainActor (DriverRideLogicControl) async throws(RideError) -> Void
  ) -> Task<Void, Never>? {
    run { control throws(RideLogicError) in
      try await control.call { () throws(RideError) in try await body(control) }
    }
  }
}

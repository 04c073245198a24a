import Localization
import RideModel

extension RideService {
  /// The rides waiting for a driver, oldest first (drivers only). Not cached: they are
  /// other people's rides until accepted.
  /// - Returns: The queue.
  /// - Throws: `RideError.driversOnly`, `.notSignedIn`, network failures.
  public func queue() async throws(RideError) -> [Ride] {
    try await send(DriverQueueRequest())
  }

  /// Makes one driver step on a ride. Sent once, never retried.
  /// - Parameters:
  ///   - step: The step.
  ///   - id: The ride's id.
  /// - Returns: The moved ride, also kept in the cache.
  /// - Throws: `RideError.alreadyAccepted` when another driver took the ride first,
  ///   `.invalidTransition` for a step out of order, `.notFound` (someone else's ride),
  ///   `.driversOnly`, `.invalidRideID`, `.notSignedIn`, network failures.
  @discardableResult
  public func perform(_ step: DriverStep, onRide id: String) async throws(RideError) -> Ride {
    let configuration = RideActionRequest.Configuration(
      action: .step(step), rideID: try RideID.validated(id))
    return try await sendCaching(RideActionRequest(configuration: configuration))
  }

  /// Takes a requested ride.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride, `accepted`.
  /// - Throws: As ``perform(_:onRide:)``.
  @discardableResult
  public func accept(_ id: String) async throws(RideError) -> Ride {
    try await perform(.accept, onRide: id)
  }

  /// Tells the passenger the car is at the pickup.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride, `arrived`.
  /// - Throws: As ``perform(_:onRide:)``.
  @discardableResult
  public func arrive(_ id: String) async throws(RideError) -> Ride {
    try await perform(.arrive, onRide: id)
  }

  /// Starts the ride: the passenger is in the car.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride, `inProgress`.
  /// - Throws: As ``perform(_:onRide:)``.
  @discardableResult
  public func start(_ id: String) async throws(RideError) -> Ride {
    try await perform(.start, onRide: id)
  }

  /// Completes the ride at the destination.
  /// - Parameter id: The ride's id.
  /// - Returns: The ride, `completed`.
  /// - Throws: As ``perform(_:onRide:)``.
  @discardableResult
  public func complete(_ id: String) async throws(RideError) -> Ride {
    try await perform(.complete, onRide: id)
  }

  /// Moves the driver's own ride one step on from where the server says it is: accepted →
  /// arrived → in progress → completed. For `koober driver advance ID`, which knows only
  /// the id.
  /// - Parameter id: The ride's id.
  /// - Returns: The moved ride.
  /// - Throws: `RideError.invalidTransition` when the ride is over (nothing is sent) or
  ///   moved meanwhile; `.notFound` for a ride that is not this driver's; as
  ///   ``perform(_:onRide:)``.
  @discardableResult
  public func advance(_ id: String) async throws(RideError) -> Ride {
    let current = try await ride(id)
    guard let step = DriverStep(after: current.status) else {
      // Only a completed or a cancelled ride has no next step.
      throw .invalidTransition(
        current.status == .cancelled
          ? TextTable.serviceRide.text("detail.noNextStep.cancelled")
          : TextTable.serviceRide.text("detail.noNextStep.completed"))
    }
    return try await perform(step, onRide: current.id)
  }
}

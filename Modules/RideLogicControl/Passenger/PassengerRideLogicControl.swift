import RideModel
import ServiceRide

/// The passenger's ride flow: pickup = the current location → search a
/// destination → pick a vehicle from the estimates → confirm → follow the ride until it is
/// completed or cancelled. One ride at a time: a ride found going on at `start()` is
/// followed again, and a second request is refused. Cancel while the ride allows it.
///
/// Each action returns the task doing it (or `nil` when nothing was started), so a test or a
/// script can wait for it; a screen can ignore it. One request, estimate or cancel runs at a
/// time; a new search replaces the one before.
///
/// ```swift
/// let passenger = PassengerRideLogicControl(rides: rideService, locations: locationService)
/// passenger.delegate = requestScreen
/// passenger.start()                        // → didLocatePickup, or the active ride's state
/// passenger.searchDestinations("opera")    // → didFindDestinations
/// passenger.chooseDestination(opera)       // → didEstimate
/// passenger.chooseVehicle(.wallaby)
/// passenger.confirm()                      // → rideRequested, rideAccepted, …
/// ```
@MainActor
public final class PassengerRideLogicControl: RideFollowing, RideFlowControl {
  /// Told what happens; held weakly.
  public weak var delegate: (any PassengerRideLogicDelegate)?
  /// The pickup, once `start()` located it.
  public private(set) var pickup: Location?
  /// The chosen destination.
  public private(set) var destination: Location?
  /// The estimates for the chosen destination.
  public private(set) var estimates: [FareEstimate] = []
  /// The chosen vehicle type.
  public private(set) var vehicle: VehicleType?
  /// `true` while a start, estimate, request or cancel is in flight.
  public internal(set) var isWorking = false

  private let rides: any PassengerRideServicing
  private let locations: any LocationService
  private let follower: RideFollower
  private var searchTask: Task<Void, Never>?

  /// Makes the control.
  /// - Parameters:
  ///   - rides: The ride calls (the user's `RideService`).
  ///   - locations: The current location and the place search.
  ///   - clock: Paces the polling of a followed ride; a test passes a manual clock.
  ///   - pollInterval: How often a followed ride is checked; 2 seconds by default.
  public init(
    rides: any PassengerRideServicing, locations: any LocationService,
    clock: any Clock<Duration> = ContinuousClock(), pollInterval: Duration = .seconds(2)
  ) {
    self.rides = rides
    self.locations = locations
    follower = RideFollower(clock: clock, interval: pollInterval) { id throws(RideError) in
      try await rides.ride(id)
    }
    follower.report(to: self) { $0.delegate }
  }

  /// The ride being followed, or the last one once it is over.
  public var followedRide: Ride? { follower.ride }
  /// Whether the server is unreachable and the control is trying again.
  public var isReconnecting: Bool { follower.isReconnecting }

  /// Looks for a ride already going on (then follows it: its state is reported first);
  /// otherwise locates the pickup (`didLocatePickup`).
  /// - Returns: The running task, or `nil` when another step is in flight.
  @discardableResult
  public func start() -> Task<Void, Never>? {
    run { control throws(RideLogicError) in
      if let ride = try await control.call({ () throws(RideError) in
        try await control.rides.activeRide()
      }) {
        control.follower.follow(ride)
        return
      }
      let pickup = try await control.call({ () throws(RideError) in
        try await control.locations.currentLocation()
      })
      control.pickup = pickup
      control.delegate?.passengerLogic(control, didLocatePickup: pickup)
    }
  }

  /// Searches places for the destination; a search still running is cancelled, so only the
  /// latest text's places are reported (`didFindDestinations`).
  /// - Parameter text: What the person typed.
  /// - Returns: The running search.
  @discardableResult
  public func searchDestinations(_ text: String) -> Task<Void, Never> {
    searchTask?.cancel()
    let task = Task { [locations] in
      let result: Result<[Location], RideError>
      do throws(RideError) {
        result = .success(try await locations.search(text))
      } catch {
        result = .failure(error)
      }
      guard !Task.isCancelled else { return }
      switch result {
      case .success(let places):
        self.delegate?.passengerLogic(self, didFindDestinations: places, for: text)
      case .failure(let error):
        self.delegate?.passengerLogic(self, didFail: .service(error))
      }
    }
    searchTask = task
    return task
  }

  /// Chooses the destination and asks for the estimates (`didEstimate`); the vehicle chosen
  /// before is forgotten.
  /// - Parameter destination: One of the places found.
  /// - Returns: The running task, or `nil` when refused or another step is in flight.
  @discardableResult
  public func chooseDestination(_ destination: Location) -> Task<Void, Never>? {
    guard let pickup else { return refuse(.noPickup) }
    return run { control throws(RideLogicError) in
      control.destination = destination
      control.vehicle = nil
      control.estimates = []
      let estimates = try await control.call({ () throws(RideError) in
        try await control.rides.fareEstimates(from: pickup, to: destination)
      })
      control.estimates = estimates
      control.delegate?.passengerLogic(control, didEstimate: estimates, to: destination)
    }
  }

  /// Chooses a vehicle type among the estimates.
  /// - Parameter type: The vehicle type.
  /// - Returns: `true` when chosen; `false` after reporting `.vehicleNotOffered` or
  ///   `.noDestination`.
  @discardableResult
  public func chooseVehicle(_ type: VehicleType) -> Bool {
    guard destination != nil, !estimates.isEmpty else {
      refuse(.noDestination)
      return false
    }
    guard estimates.contains(where: { $0.vehicleType == type }) else {
      refuse(.vehicleNotOffered(type))
      return false
    }
    vehicle = type
    return true
  }

  /// Requests the ride and follows it (`rideRequested`, then each change). Refused while a
  /// ride is going on; when the server knows of one this control did not, that ride is
  /// reported (`.rideInProgress`) and followed instead.
  /// - Returns: The running task, or `nil` when refused or another step is in flight.
  @discardableResult
  public func confirm() -> Task<Void, Never>? {
    if let ride = activeRide { return refuse(.rideInProgress(ride)) }
    guard let pickup else { return refuse(.noPickup) }
    guard let destination else { return refuse(.noDestination) }
    guard let vehicle else { return refuse(.noVehicle) }
    return run { control throws(RideLogicError) in
      do throws(RideError) {
        let ride = try await control.rides.requestRide(
          from: pickup, to: destination, vehicle: vehicle)
        control.destination = nil
        control.vehicle = nil
        control.estimates = []
        control.follower.follow(ride)
      } catch .rideInProgress {
        let existing = try? await control.rides.activeRide()
        guard let existing else { throw .service(.rideInProgress) }
        control.delegate?.passengerLogic(control, didFail: .rideInProgress(existing))
        control.follower.follow(existing)
      } catch {
        throw .service(error)
      }
    }
  }

  /// Cancels the followed ride while it is requested or accepted (`rideCancelled`).
  /// - Returns: The running task, or `nil` when refused or another step is in flight.
  @discardableResult
  public func cancel() -> Task<Void, Never>? {
    guard let ride = follower.ride else { return refuse(.noActiveRide) }
    guard ride.status.canBeCancelled else { return refuse(.cannotCancel(ride.status)) }
    return run { control throws(RideLogicError) in
      do throws(RideError) {
        control.follower.update(try await control.rides.cancelRide(ride.id))
      } catch .invalidTransition(let detail) {
        // The driver arrived meanwhile: say so, then show where the ride is.
        control.delegate?.passengerLogic(
          control, didFail: .service(.invalidTransition(detail)))
        control.follower.update(
          try await control.call({ () throws(RideError) in
            try await control.rides.ride(ride.id)
          }))
      } catch {
        throw .service(error)
      }
    }
  }

  /// Stops following the ride (the screen went away); nothing more is reported. `start()`
  /// picks it up again.
  public func stop() {
    follower.stop()
    searchTask?.cancel()
    searchTask = nil
  }

  func reportFailure(_ error: RideLogicError) {
    delegate?.passengerLogic(self, didFail: error)
  }
}

import RideModel

/// One move of a ride's state machine through the API, and who may make it: the passenger
/// cancels, a driver accepts, the ride's own driver does the rest.
enum RideStep: String, Sendable, CaseIterable {
  /// `POST /v1/rides/{id}/accept`: any driver, while the ride is requested.
  case accept
  /// `POST /v1/rides/{id}/arrive`: the ride's driver.
  case arrive
  /// `POST /v1/rides/{id}/start`: the ride's driver.
  case start
  /// `POST /v1/rides/{id}/complete`: the ride's driver.
  case complete
  /// `POST /v1/rides/{id}/cancel`: the ride's passenger.
  case cancel

  /// The status the step moves a ride to.
  var target: RideStatus {
    switch self {
    case .accept: .accepted
    case .arrive: .arrived
    case .start: .inProgress
    case .complete: .completed
    case .cancel: .cancelled
    }
  }

  /// The driver's step that leads to a status, e.g. `.arrive` for `.arrived`.
  /// - Parameter status: the status reached.
  /// - Returns: the step, or nil for a status no driver step reaches.
  static func driverStep(to status: RideStatus) -> RideStep? {
    allCases.first { $0 != .cancel && $0.target == status }
  }

  /// Checks that a user may make this step on a ride, before the state machine is asked.
  /// - Parameters:
  ///   - ride: the ride as stored.
  ///   - userID: the caller (a passenger for `cancel`, a driver otherwise).
  /// - Throws: `404 not_found` when the ride is not the caller's to move (so its existence
  ///   does not leak), `409 already_accepted` when another driver took it first.
  func authorize(_ ride: Ride, by userID: String) throws(APIError) {
    switch self {
    case .cancel:
      guard ride.passengerId == userID else { throw .notFound }
    case .accept:
      if let driver = ride.driverId, driver != userID {
        throw APIError(
          status: 409, code: "already_accepted",
          message: "Another driver accepted this ride first.")
      }
    case .arrive, .start, .complete:
      guard ride.driverId == userID else { throw .notFound }
    }
  }

  /// `409 invalid_transition` for a ride this step cannot move.
  /// - Parameter status: the ride's current status.
  /// - Returns: the error.
  func invalidTransition(from status: RideStatus) -> APIError {
    APIError(
      status: 409, code: "invalid_transition",
      message: "The ride is \(status.rawValue); it cannot \(rawValue) now.")
  }
}

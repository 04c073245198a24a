import NetworkClient
import RideModel

/// `POST /v1/rides/{id}/cancel|accept|arrive|start|complete`: every move on one ride, as one
/// request group since all answer the moved ride.
///
/// Never retried: a move whose answer was lost has happened, and sending it again would be
/// refused with `invalid_transition`.
struct RideActionRequest: RideRouteRequest {
  /// Which move, on which ride (an id already checked by `RideID`).
  struct Configuration: Sendable {
    enum Action: Sendable {
      case cancel
      case step(DriverStep)
    }

    let action: Action
    let rideID: String
  }

  typealias Result = Ride
  typealias ResultData = Ride

  let configuration: Configuration

  init(configuration: Configuration) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .post }
  var requiresAuthorization: Bool { true }
  var path: String {
    switch configuration.action {
    case .cancel: "/v1/rides/\(configuration.rideID)/cancel"
    case .step(let step): "/v1/rides/\(configuration.rideID)/\(step.rawValue)"
    }
  }
}

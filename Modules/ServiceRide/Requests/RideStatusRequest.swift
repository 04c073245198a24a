import NetworkClient
import RideModel

/// `GET /v1/rides/{id}` (the ride's passenger or driver): the ride as it is now. The
/// configuration is the ride id, already checked by `RideID`.
struct RideStatusRequest: RideRouteRequest {
  typealias Result = Ride
  typealias ResultData = Ride

  let configuration: String

  init(configuration: String) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/rides/\(configuration)" }
  var requiresAuthorization: Bool { true }
}

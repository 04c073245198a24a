import NetworkClient
import RideModel

/// `POST /v1/rides` (passenger): asks for a ride; the answer is the new ride, `requested`.
/// Never retried: a lost answer could otherwise request two rides (the second would be
/// refused with `ride_in_progress`, hiding the first).
struct CreateRideRequest: RideRouteRequest {
  typealias Result = Ride
  typealias ResultData = Ride

  let configuration: RideRequestBody

  init(configuration: RideRequestBody) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .post }
  var path: String { "/v1/rides" }
  var body: (any Encodable & Sendable)? { configuration }
  var requiresAuthorization: Bool { true }
}

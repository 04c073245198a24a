import NetworkClient
import RideModel

/// `GET /v1/driver/queue` (driver): the rides waiting for a driver, oldest first.
struct DriverQueueRequest: RideRouteRequest {
  typealias Result = RideListResponse
  typealias ResultData = [Ride]

  var method: HTTPMethod { .get }
  var path: String { "/v1/driver/queue" }
  var requiresAuthorization: Bool { true }

  func transform(_ result: RideListResponse) -> [Ride]? {
    result.rides
  }
}

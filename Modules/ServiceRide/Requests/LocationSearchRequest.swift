import Foundation
import NetworkClient
import RideModel

/// `GET /v1/locations/search?q=<text>` (no account needed): the named places matching a
/// text. The configuration is the text, already trimmed and checked.
struct LocationSearchRequest: RideRouteRequest {
  typealias Result = LocationSearchResponse
  typealias ResultData = [Location]

  let configuration: String

  init(configuration: String) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/locations/search" }
  var query: [URLQueryItem] { [URLQueryItem(name: "q", value: configuration)] }

  func transform(_ result: LocationSearchResponse) -> [Location]? {
    result.locations
  }
}

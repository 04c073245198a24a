import NetworkClient
import RideModel

/// `POST /v1/fares/estimate` (no account needed): one estimate per vehicle type for a ride
/// from the pickup to the destination.
struct FareEstimateRequest: RideRouteRequest {
  typealias Result = FareEstimatesResponse
  typealias ResultData = [FareEstimate]

  let configuration: FareEstimateRequestBody

  init(configuration: FareEstimateRequestBody) {
    self.configuration = configuration
  }

  var method: HTTPMethod { .post }
  var path: String { "/v1/fares/estimate" }
  var body: (any Encodable & Sendable)? { configuration }
  // Pricing changes nothing on the server, so a failed attempt may be sent again.
  var retryPolicy: RetryPolicy? { RetryPolicy(methods: [.post]) }

  func transform(_ result: FareEstimatesResponse) -> [FareEstimate]? {
    result.estimates
  }
}

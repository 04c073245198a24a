import NetworkClient
import RideModel

/// `GET /v1/rides/{id}/receipt` (the ride's passenger): what a completed ride cost. The
/// configuration is the ride id, already checked by `RideID`. The export runs many of these
/// as one batch.
struct ReceiptRequest: RideRouteRequest {
  typealias Result = Receipt
  typealias ResultData = Receipt

  let configuration: String
  private let policy: RetryPolicy?

  init(configuration: String) {
    self.init(configuration: configuration, retryPolicy: nil)
  }

  init(configuration: String, retryPolicy: RetryPolicy?) {
    self.configuration = configuration
    self.policy = retryPolicy
  }

  var method: HTTPMethod { .get }
  var path: String { "/v1/rides/\(configuration)/receipt" }
  var requiresAuthorization: Bool { true }
  var retryPolicy: RetryPolicy? { policy }
}

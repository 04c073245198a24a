import Foundation
import LoopbackServer
import RideModel

extension RideRoutes {
  /// `?q=<text>` — `200 {"locations"}`, at most 20 built-in places whose name contains the
  /// text, case-insensitively; `400 malformed_query` for a missing or blank `q`. No account.
  static func searchLocations(_ context: RequestContext) async throws(APIError)
    -> HTTPResponse
  {
    let text = context.query("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    guard !text.isEmpty else { throw .malformedQuery("`q` must name what to look for") }
    return try BackendRouter.json(LocationSearchResponse(locations: Places.search(text)))
  }

  /// `{"pickup", "destination"}` — `200 {"estimates"}`, one per vehicle type; `400`,
  /// `422 invalid_location`. No account.
  static func estimateFares(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let pickup = try body.location("pickup")
    let destination = try body.location("destination")
    let estimates = try FareCalculator.estimates(
      from: try pickup.validated(), to: try destination.validated())
    return try BackendRouter.json(FareEstimatesResponse(estimates: estimates))
  }
}

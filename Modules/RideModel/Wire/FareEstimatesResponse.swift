/// The body of `200` from `POST /v1/fares/estimate`: `{"estimates": [FareEstimate]}`, one
import WireFormat
/// per vehicle type.
///
/// ```swift
/// let estimates = try WireJSON.decoder().decode(FareEstimatesResponse.self, from: body)
/// ```
public struct FareEstimatesResponse: Codable, Hashable, Sendable {
  /// One estimate per vehicle type.
  public let estimates: [FareEstimate]

  /// Wraps estimates for the wire.
  /// - Parameter estimates: One estimate per vehicle type.
  public init(estimates: [FareEstimate]) {
    self.estimates = estimates
  }
}

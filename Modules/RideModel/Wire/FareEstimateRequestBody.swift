/// The body of `POST /v1/fares/estimate`: `{"pickup", "destination"}`.
import WireFormat
///
/// ```swift
/// let encoder = WireJSON.encoder()
/// let body = try encoder.encode(FareEstimateRequestBody(pickup: a, destination: b))
/// ```
public struct FareEstimateRequestBody: Codable, Hashable, Sendable {
  /// Where the ride would start.
  public let pickup: Location
  /// Where the ride would end.
  public let destination: Location

  /// Makes the body of an estimate request.
  /// - Parameters:
  ///   - pickup: Where the ride would start.
  ///   - destination: Where the ride would end.
  public init(pickup: Location, destination: Location) {
    self.pickup = pickup
    self.destination = destination
  }
}

/// The body of `200` from `GET /v1/locations/search`: `{"locations": [Location]}`.
import WireFormat
///
/// ```swift
/// let places = try WireJSON.decoder().decode(LocationSearchResponse.self, from: body).locations
/// ```
public struct LocationSearchResponse: Codable, Hashable, Sendable {
  /// The matching places, at most 20.
  public let locations: [Location]

  /// Wraps search results for the wire.
  /// - Parameter locations: The matching places.
  public init(locations: [Location]) {
    self.locations = locations
  }
}

/// The body of `200` from `GET /v1/rides` (`{"rides", "next"}`) and from
import WireFormat
/// `GET /v1/driver/queue` (`{"rides"}`, where `next` is absent and reads as `nil`).
///
/// ```swift
/// let page = try WireJSON.decoder().decode(RideListResponse.self, from: body)
/// if let cursor = page.next { /* ask for the next page with before=cursor */ }
/// ```
public struct RideListResponse: Hashable, Sendable, Codable {
  /// The rides of this page: newest first for lists, oldest first for the driver's queue.
  public let rides: [Ride]
  /// The cursor for the next page, or `nil` on the last one.
  public let next: String?

  /// Makes one page of rides.
  /// - Parameters:
  ///   - rides: The rides of this page.
  ///   - next: The cursor of the next page, `nil` on the last.
  public init(rides: [Ride], next: String? = nil) {
    self.rides = rides
    self.next = next
  }

  private enum CodingKeys: String, CodingKey {
    case rides, next
  }

  /// Encodes `{"rides", "next"}`, writing `"next": null` on the last page as Koober's HTTP
  /// contract shows.
  /// - Parameter encoder: The encoder to write to; use
  ///   `KooberWire.rideEncoder()` for dates.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rides, forKey: .rides)
    try container.encodeOrNull(next, forKey: .next)
  }
}

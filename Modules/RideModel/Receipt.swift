import Foundation
import WireFormat

/// What a completed ride cost and how long it was: `GET /v1/rides/{id}/receipt`.
///
/// ```swift
/// let receipt = try WireJSON.decoder().decode(Receipt.self, from: data)
/// print(receipt.fare.formatted, receipt.distanceKm)
/// ```
public struct Receipt: Hashable, Sendable {
  /// The ride this receipt is for.
  public let rideId: String
  /// The price charged.
  public let fare: Fare
  /// The great-circle distance from pickup to destination, in kilometres; finite, zero or more.
  public let distanceKm: Double
  /// Minutes from start to completion, rounded up; zero or more.
  public let durationMinutes: Int
  /// When the ride was completed.
  public let completedAt: Date

  /// Makes a receipt after checking the distance and the duration.
  /// - Parameters:
  ///   - rideId: The ride's identifier.
  ///   - fare: The price charged.
  ///   - distanceKm: Kilometres, finite and zero or more.
  ///   - durationMinutes: Minutes, zero or more.
  ///   - completedAt: When the ride was completed.
  /// - Throws: ``RideModelError/invalidDistance`` or ``RideModelError/negativeDuration``.
  public init(
    rideId: String, fare: Fare, distanceKm: Double, durationMinutes: Int, completedAt: Date
  ) throws(RideModelError) {
    guard distanceKm.isFinite, distanceKm >= 0 else { throw .invalidDistance }
    guard durationMinutes >= 0 else { throw .negativeDuration }
    self.rideId = rideId
    self.fare = fare
    self.distanceKm = distanceKm
    self.durationMinutes = durationMinutes
    self.completedAt = completedAt
  }
}

extension Receipt: Codable {
  private enum CodingKeys: String, CodingKey {
    case rideId, fare, distanceKm, durationMinutes, completedAt
  }

  /// Decodes `{"rideId", "fare", "distanceKm", "durationMinutes", "completedAt"}`.
  /// - Parameter decoder: The decoder to read from; use `WireJSON.decoder()` for dates.
  /// - Throws: `DecodingError` for a negative distance or duration, a bad fare or date, a
  ///   missing field or a wrong JSON type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let rideId = try container.decode(String.self, forKey: .rideId)
    let fare = try container.decode(Fare.self, forKey: .fare)
    let distanceKm = try container.decode(Double.self, forKey: .distanceKm)
    let durationMinutes = try container.decode(Int.self, forKey: .durationMinutes)
    let completedAt = try container.decode(Date.self, forKey: .completedAt)
    do {
      self = try Receipt(
        rideId: rideId, fare: fare, distanceKm: distanceKm, durationMinutes: durationMinutes,
        completedAt: completedAt)
    } catch {
      let key: CodingKeys = error == .invalidDistance ? .distanceKm : .durationMinutes
      throw DecodingError.invalid(error, at: container.codingPath + [key])
    }
  }

  /// Encodes the five fields of a receipt in Koober's HTTP contract.
  /// - Parameter encoder: The encoder to write to; use
  ///   `KooberWire.rideEncoder()` for dates.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rideId, forKey: .rideId)
    try container.encode(fare, forKey: .fare)
    try container.encode(distanceKm, forKey: .distanceKm)
    try container.encode(durationMinutes, forKey: .durationMinutes)
    try container.encode(completedAt, forKey: .completedAt)
  }
}

/// What a ride from one place to another would cost in one vehicle type, and how soon a car
/// could be there: one entry of `POST /v1/fares/estimate`.
///
/// ```swift
/// let estimate = try FareEstimate(
///   vehicleType: .wallaby, fare: try Fare(amount: 1840, currency: "AUD"), etaMinutes: 4)
/// ```
public struct FareEstimate: Hashable, Sendable {
  /// The vehicle type this estimate is for.
  public let vehicleType: VehicleType
  /// The expected price of the whole ride.
  public let fare: Fare
  /// Minutes until a car could reach the pickup; zero or more.
  public let etaMinutes: Int

  /// Makes an estimate.
  /// - Parameters:
  ///   - vehicleType: The vehicle type priced.
  ///   - fare: The expected price.
  ///   - etaMinutes: Minutes to pickup, zero or more.
  /// - Throws: ``RideModelError/negativeEta`` when `etaMinutes` is below zero.
  public init(vehicleType: VehicleType, fare: Fare, etaMinutes: Int) throws(RideModelError) {
    guard etaMinutes >= 0 else { throw .negativeEta }
    self.vehicleType = vehicleType
    self.fare = fare
    self.etaMinutes = etaMinutes
  }
}

extension FareEstimate: Codable {
  private enum CodingKeys: String, CodingKey {
    case vehicleType, fare, etaMinutes
  }

  /// Decodes `{"vehicleType", "fare", "etaMinutes"}`.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for an unknown vehicle type, a bad fare, a negative ETA, a
  ///   missing field or a wrong JSON type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let vehicleType = try container.decode(VehicleType.self, forKey: .vehicleType)
    let fare = try container.decode(Fare.self, forKey: .fare)
    let etaMinutes = try container.decode(Int.self, forKey: .etaMinutes)
    do {
      self = try FareEstimate(vehicleType: vehicleType, fare: fare, etaMinutes: etaMinutes)
    } catch {
      throw DecodingError.invalid(error, at: container.codingPath + [CodingKeys.etaMinutes])
    }
  }

  /// Encodes `{"vehicleType", "fare", "etaMinutes"}`.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(vehicleType, forKey: .vehicleType)
    try container.encode(fare, forKey: .fare)
    try container.encode(etaMinutes, forKey: .etaMinutes)
  }
}

import Foundation

extension Location: Codable {
  private enum CodingKeys: String, CodingKey {
    case latitude, longitude, address
  }

  /// Decodes `{"latitude", "longitude", "address"?}`; an omitted or null address is `nil`.
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` when a coordinate is out of range, with the
  ///   ``RideModelError`` as its underlying error; other `DecodingError`s for missing fields
  ///   or wrong JSON types.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let latitude = try container.decode(Double.self, forKey: .latitude)
    let longitude = try container.decode(Double.self, forKey: .longitude)
    let address = try container.decodeIfPresent(String.self, forKey: .address)
    do {
      self = try Location(latitude: latitude, longitude: longitude, address: address)
    } catch {
      let key: CodingKeys = error == .latitudeOutOfRange ? .latitude : .longitude
      throw DecodingError.invalid(error, at: container.codingPath + [key])
    }
  }

  /// Encodes `{"latitude", "longitude", "address"}`, writing `null` for a missing address as
  /// Koober's HTTP contract shows it.
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(latitude, forKey: .latitude)
    try container.encode(longitude, forKey: .longitude)
    try container.encodeOrNull(address, forKey: .address)
  }
}

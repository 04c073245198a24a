import Foundation
import WireFormat

/// A point on Earth, with the place's address when it has one.
///
/// A `Location` always holds a latitude in -90…90 and a longitude in -180…180 (both finite):
/// the initializer and the decoder refuse anything else, so code that receives one never has
/// to check again.
///
/// ```swift
/// let operaHouse = try Location(latitude: -33.8568, longitude: 151.2153,
///                               address: "Sydney Opera House")
/// let json = try WireJSON.encoder().encode(operaHouse)
/// ```
public struct Location: Hashable, Sendable {
  /// Degrees north of the equator, from -90 to 90.
  public let latitude: Double
  /// Degrees east of Greenwich, from -180 to 180.
  public let longitude: Double
  /// The place's name or street address for people, or `nil` for a bare coordinate.
  public let address: String?

  /// Makes a location after checking that both coordinates are in range.
  /// - Parameters:
  ///   - latitude: Degrees north, from -90 to 90 inclusive.
  ///   - longitude: Degrees east, from -180 to 180 inclusive.
  ///   - address: The place's name for people, if known.
  /// - Throws: ``RideModelError/latitudeOutOfRange`` or ``RideModelError/longitudeOutOfRange``
  ///   for values out of range, NaN or infinite.
  public init(latitude: Double, longitude: Double, address: String? = nil)
    throws(RideModelError)
  {
    if let reason = Self.validate(latitude: latitude, longitude: longitude) { throw reason }
    self.latitude = latitude
    self.longitude = longitude
    self.address = address
  }

  /// Checks a coordinate pair without making a location.
  /// - Parameters:
  ///   - latitude: Degrees north; valid from -90 to 90 inclusive.
  ///   - longitude: Degrees east; valid from -180 to 180 inclusive.
  /// - Returns: `nil` when both are valid, else the first reason they are not.
  public static func validate(latitude: Double, longitude: Double) -> RideModelError? {
    // The closed-range test is false for NaN, and infinities lie outside the range.
    guard (-90.0...90.0).contains(latitude) else { return .latitudeOutOfRange }
    guard (-180.0...180.0).contains(longitude) else { return .longitudeOutOfRange }
    return nil
  }

  /// The address when it has visible text, else the coordinates as `-33.85680, 151.21530`.
  public var displayText: String {
    if let address, !address.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      return address
    }
    return coordinateText
  }

  /// The coordinates with five decimals (about a metre), independent of the host's locale.
  public var coordinateText: String {
    String(format: "%.5f, %.5f", latitude, longitude)
  }
}

import RideModel

/// A Location as it came in a body: the JSON shape is checked (`400`), the ranges not yet
/// (`422`), because the HTTP contract answers every `400` before any `422`.
struct LocationInput: Sendable, Equatable {
  /// Degrees north, unchecked.
  var latitude: Double
  /// Degrees east, unchecked.
  var longitude: Double
  /// The place's name, if sent.
  var address: String?

  /// The location, once the coordinates are known to be in range.
  /// - Returns: the location.
  /// - Throws: `422 invalid_location`.
  func validated() throws(APIError) -> Location {
    do {
      return try Location(latitude: latitude, longitude: longitude, address: address)
    } catch {
      throw APIError(
        status: 422, code: "invalid_location",
        message: "Latitude must lie in -90…90 and longitude in -180…180.")
    }
  }
}

extension JSONBody {
  /// A required Location field: `{"latitude", "longitude", "address"?}`.
  /// - Parameter key: the field name, e.g. `pickup`.
  /// - Returns: its coordinates and address, not yet range-checked.
  /// - Throws: `400 malformed_body` when missing or of the wrong shape.
  func location(_ key: String) throws(APIError) -> LocationInput {
    let object = try object(key)
    do {
      return LocationInput(
        latitude: try object.number("latitude"), longitude: try object.number("longitude"),
        address: try object.optionalString("address"))
    } catch {
      throw .malformedBody(
        "`\(key)` needs numbers `latitude` and `longitude` and may have a string `address`")
    }
  }
}

import RideModel
import Testing

@Suite("Location ranges")
struct LocationTests {
  @Test("the boundaries and the inside of both ranges are accepted",
    arguments: [(-90.0, -180.0), (90.0, 180.0), (0.0, 0.0), (-33.8688, 151.2093), (90, -180)])
  func accepted(latitude: Double, longitude: Double) throws {
    let location = try Location(latitude: latitude, longitude: longitude)
    #expect(location.latitude == latitude && location.longitude == longitude)
    #expect(location.address == nil)
    #expect(Location.validate(latitude: latitude, longitude: longitude) == nil)
  }

  @Test("latitudes outside -90...90, NaN and infinities are refused",
    arguments: [
      90.000_000_1, -90.000_000_1, 91, -180, .nan, .infinity, -.infinity,
      .greatestFiniteMagnitude,
    ])
  func badLatitude(latitude: Double) {
    #expect(throws: RideModelError.latitudeOutOfRange) {
      try Location(latitude: latitude, longitude: 0)
    }
    #expect(Location.validate(latitude: latitude, longitude: 0) == .latitudeOutOfRange)
  }

  @Test("longitudes outside -180...180, NaN and infinities are refused",
    arguments: [180.000_000_1, -180.000_000_1, 360, .nan, .infinity, -.infinity])
  func badLongitude(longitude: Double) {
    #expect(throws: RideModelError.longitudeOutOfRange) {
      try Location(latitude: 0, longitude: longitude)
    }
  }

  @Test("the error says what went wrong with a stable code")
  func errorText() {
    #expect(RideModelError.latitudeOutOfRange.code == "latitude_out_of_range")
    #expect(RideModelError.longitudeOutOfRange.code == "longitude_out_of_range")
    #expect(
      RideModelError.latitudeOutOfRange.description
        == "latitude_out_of_range: The latitude must be a number from -90 to 90.")
  }

  @Test("decoding an out-of-range coordinate is a decoding error naming the field",
    arguments: [
      (#"{"latitude": 90.5, "longitude": 0}"#, RideModelError.latitudeOutOfRange, "latitude"),
      (#"{"latitude": -91, "longitude": 0}"#, .latitudeOutOfRange, "latitude"),
      (#"{"latitude": 0, "longitude": 180.5}"#, .longitudeOutOfRange, "longitude"),
      (#"{"latitude": 0, "longitude": -1e300}"#, .longitudeOutOfRange, "longitude"),
    ])
  func decodeOutOfRange(json: String, reason: RideModelError, key: String) {
    let error = Fixtures.decodingError(Location.self, json)
    #expect(Fixtures.modelReason(error) == reason)
    guard case .dataCorrupted(let context) = error else {
      Issue.record("expected dataCorrupted, got \(String(describing: error))")
      return
    }
    #expect(context.codingPath.map(\.stringValue) == [key])
  }

  @Test("malformed location JSON is a decoding error",
    arguments: [
      #"{"latitude": "north", "longitude": 0}"#, #"{"longitude": 0}"#, #"{"latitude": 0}"#,
      #"{"latitude": 0, "longitude": 0, "address": 7}"#, "[1, 2]", "null",
    ])
  func decodeMalformed(json: String) {
    #expect(Fixtures.decodingError(Location.self, json) != nil)
  }

  @Test("an address left out or null decodes as nil")
  func addressOptional() throws {
    let omitted = try Fixtures.decode(Location.self, #"{"latitude": 1, "longitude": 2}"#)
    let null = try Fixtures.decode(
      Location.self, #"{"latitude": 1, "longitude": 2, "address": null}"#)
    #expect(omitted == null)
    #expect(omitted.address == nil)
    #expect(try Fixtures.encodedText(omitted) == #"{"address":null,"latitude":1,"longitude":2}"#)
  }

  @Test("display text is the address, or five-decimal coordinates without one")
  func displayText() {
    #expect(Fixtures.operaHouse.displayText == "Sydney Opera House")
    #expect(Fixtures.location(-33.8568, 151.2153).displayText == "-33.85680, 151.21530")
    #expect(Fixtures.location(1, 2, "  ").displayText == "1.00000, 2.00000")
  }
}

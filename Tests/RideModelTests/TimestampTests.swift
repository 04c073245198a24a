import Foundation
import KooberWire
import RideModel
import Testing
import WireFormat

@Suite("ISO-8601 dates")
struct TimestampTests {
  @Test("accepted forms and the instants they name",
    arguments: [
      ("2026-11-21T08:30:00Z", 1_795_249_800.0),
      ("2026-11-21T08:30:00.5Z", 1_795_249_800.5),
      ("2026-11-21T08:30:00.250Z", 1_795_249_800.25),
      ("2026-11-21T08:30:00.000000000Z", 1_795_249_800.0),
      ("2026-11-21T18:30:00+10:00", 1_795_249_800.0),
      ("2026-11-21T03:00:00-05:30", 1_795_249_800.0),
      ("1970-01-01T00:00:00Z", 0),
      ("1969-12-31T23:59:59Z", -1),
      ("2024-02-29T00:00:00Z", 1_709_164_800),
      ("2000-03-01T00:00:00Z", 951_868_800),
    ])
  func parse(text: String, seconds: Double) throws {
    let date = try #require(WireDate.date(from: text))
    #expect(date.timeIntervalSince1970 == seconds)
  }

  @Test("refused forms",
    arguments: [
      "", "2026-11-21", "2026-11-21T08:30:00", "2026-11-21 08:30:00Z", "2026-13-01T00:00:00Z",
      "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-21T24:00:00Z",
      "2026-11-21T08:60:00Z", "2026-11-21T08:30:60Z", "2026-11-21T08:30:00.Z",
      "2026-11-21T08:30:00+1000", "2026-11-21T08:30:00ZZ",
      "26-11-21T08:30:00Z", "２０２６-11-21T08:30:00Z", "1795249800",
    ])
  func refuse(text: String) {
    #expect(WireDate.date(from: text) == nil)
  }

  // The fix of RideModel's old codec, which refused a fraction of ten or more digits that
  // UserModel's accepted: RFC 3339 sets no limit, so one string is a date in both or neither.
  @Test("a fraction past nine digits is read, the digits a Date cannot hold ignored")
  func longFraction() throws {
    let date = try #require(WireDate.date(from: "2026-11-21T08:30:00.1234567890Z"))
    #expect(abs(date.timeIntervalSince1970 - 1_795_249_800.123456789) < 0.000_001)
    #expect(WireDate.date(from: "2026-11-21T08:30:00.1234567891234Z") == date)
  }

  @Test("writing uses Z, whole seconds, and milliseconds only when present",
    arguments: [
      (1_795_249_800.0, "2026-11-21T08:30:00Z"),
      (1_795_249_800.25, "2026-11-21T08:30:00.250Z"),
      (1_795_249_800.0004, "2026-11-21T08:30:00Z"),
      (1_795_249_800.9996, "2026-11-21T08:30:01Z"),
      (-1, "1969-12-31T23:59:59Z"),
      (-0.5, "1969-12-31T23:59:59.500Z"),
      (951_782_400, "2000-02-29T00:00:00Z"),
    ])
  func write(seconds: Double, text: String) {
    #expect(WireDate.string(from: Date(timeIntervalSince1970: seconds)) == text)
  }

  @Test("dates beyond four-digit years are not written, and the encoder says so")
  func outOfRange() {
    for seconds in [1e12, -1e12, Double.infinity, Double.nan] {
      #expect(WireDate.string(from: Date(timeIntervalSince1970: seconds)) == nil)
    }
    #expect(throws: EncodingError.self) {
      try KooberWire.rideEncoder().encode([Date(timeIntervalSince1970: 1e12)])
    }
  }

  @Test("written dates read back to the same millisecond across the calendar")
  func roundTrip() throws {
    var seconds = -62_000_000_000.0
    while seconds < 253_000_000_000 {
      let date = Date(timeIntervalSince1970: seconds)
      let text = try #require(WireDate.string(from: date))
      #expect(WireDate.date(from: text) == date, "\(text)")
      seconds += 987_654_321.125
    }
  }

  @Test("a bad date inside a ride is a decoding error")
  func badDateInRide() {
    let json = RideJSONTests.rideJSON.replacingOccurrences(
      of: "2026-11-21T08:30:00Z", with: "yesterday")
    guard case .dataCorrupted = Fixtures.decodingError(Ride.self, json) else {
      Issue.record("expected a dataCorrupted decoding error")
      return
    }
  }
}

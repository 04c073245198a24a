import Foundation
import Testing
import UserModel
import WireFormat

@Suite("the API's dates, as UserModel reads and writes them (WireJSON, WireDate)")
struct WireDatesTests {
  @Test(
    "API dates read as the right instant, with or without a fraction or an offset",
    arguments: [
      ("2026-11-21T08:30:00Z", 1_795_249_800.0),
      ("2026-11-21T08:30:00.5Z", 1_795_249_800.5),
      ("2026-11-21T08:30:00.250000Z", 1_795_249_800.25),
      ("2026-11-21T08:30:00.1234567891234Z", 1_795_249_800.123456789),
      ("2026-11-21T10:30:00+02:00", 1_795_249_800.0),
      ("2026-11-21T03:00:00-05:30", 1_795_249_800.0),
      ("1970-01-01T00:00:00Z", 0.0),
      ("1969-12-31T23:59:59Z", -1.0),
      ("2024-02-29T00:00:00Z", 1_709_164_800.0),
      ("2000-03-01T00:00:00Z", 951_868_800.0),
    ]
  )
  func reads(text: String, seconds: Double) throws {
    let date = try #require(WireDate.date(from: text))
    #expect(abs(date.timeIntervalSince1970 - seconds) < 0.000_001)
  }

  @Test(
    "anything else is refused",
    arguments: [
      "", "2026-11-21", "2026-11-21T08:30:00", "2026-11-21 08:30:00Z", "2026-11-21T08:30Z",
      "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
      "2026-11-21T24:00:00Z", "2026-11-21T08:60:00Z", "2026-11-21T08:30:60Z",
      "2026-11-21T08:30:00.Z", "2026-11-21T08:30:00Zjunk", "2026-11-21T08:30:00+0200",
      "２０２６-11-21T08:30:00Z", "+2026-11-21T08:30:00Z",
    ]
  )
  func refuses(text: String) {
    #expect(WireDate.date(from: text) == nil)
  }

  // The fix of UserModel's old codec, which refused RFC 3339's lower-case `t` and `z` that
  // RideModel's accepted, so one string was a ride date and not a session date.
  @Test("lower-case t and z are read, in a session as anywhere", arguments: [
    "2026-11-21t08:30:00Z", "2026-11-21T08:30:00z", "2026-11-21t08:30:00.000z",
  ])
  func lowerCaseSeparators(text: String) throws {
    #expect(WireDate.date(from: text) == Date(timeIntervalSince1970: 1_795_249_800))
    let json = UserSessionTests.modelJSON.replacingOccurrences(
      of: "2026-11-21T08:30:00Z", with: text)
    let session = try WireJSON.decoder().decode(UserSession.self, from: Data(json.utf8))
    #expect(session.accessTokenExpiresAt == UserSessionTests.expiresAt)
  }

  @Test("dates write as whole UTC seconds with Z, rounded down")
  func writes() {
    let cases: [(Double, String)] = [
      (1_795_249_800, "2026-11-21T08:30:00Z"),
      (1_795_249_800.999, "2026-11-21T08:30:00Z"),
      (-0.5, "1969-12-31T23:59:59Z"),
      (951_868_799, "2000-02-29T23:59:59Z"),
    ]
    for (seconds, text) in cases {
      #expect(WireDate.wholeSecondsString(from: Date(timeIntervalSince1970: seconds)) == text)
    }
  }

  @Test("dates beyond four-digit years are clamped instead of crashing")
  func clamps() {
    #expect(WireDate.wholeSecondsString(from: .distantFuture) == "4001-01-01T00:00:00Z")
    let write = WireDate.wholeSecondsString(from:)
    #expect(write(Date(timeIntervalSince1970: 1e18)) == "9999-12-31T23:59:59Z")
    #expect(write(Date(timeIntervalSince1970: -1e18)) == "0000-01-01T00:00:00Z")
    #expect(write(Date(timeIntervalSince1970: .nan)) == "1970-01-01T00:00:00Z")
  }

  @Test("writing then reading gives back every whole second across centuries")
  func roundTrip() throws {
    var seconds = -62_000_000_000.0
    while seconds < 250_000_000_000 {
      let date = Date(timeIntervalSince1970: seconds)
      #expect(WireDate.date(from: WireDate.wholeSecondsString(from: date)) == date)
      seconds += 987_654_321
    }
  }

  @Test("the encoder writes a Date property as an API date")
  func encoderUsesStrategy() throws {
    struct Stamp: Codable, Equatable { var at: Date }
    let stamp = Stamp(at: Date(timeIntervalSince1970: 1_795_249_800))
    let data = try WireJSON.encoder().encode(stamp)
    #expect(String(decoding: data, as: UTF8.self) == #"{"at":"2026-11-21T08:30:00Z"}"#)
    #expect(try WireJSON.decoder().decode(Stamp.self, from: data) == stamp)
  }
}

import Foundation
import NetworkClient
import Testing

/// The fix of NetworkClient's old date decoder (two `Date.ISO8601FormatStyle`s), which rolled
/// impossible dates over into real ones, took offsets without a colon, five-digit years and
/// trailing text, read year 0000 in the Julian calendar, and refused lower-case `t`/`z` and
/// long fractions: it now reads exactly the forms `WireDate` documents.
@Suite("NetworkClient's decoder reads dates as WireDate does")
struct DateDecodingTests {
  private struct Stamp: Decodable { var at: Date }

  private func decode(_ text: String) -> Date? {
    let json = #"{"at": ""# + text + #""}"#
    return try? NetworkClient.makeDecoder().decode(Stamp.self, from: Data(json.utf8)).at
  }

  @Test("impossible dates and times, bad offsets, long years and trailing text are refused",
    arguments: [
      "2026-02-29T00:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T08:30:60Z",
      "2026-11-21T08:30:00+1000", "2026-11-21T08:30:00+10", "12026-11-21T08:30:00Z",
      "2026-11-21T08:30:00ZZ",
    ])
  func refusesWhatTheFormatStyleTook(text: String) {
    #expect(decode(text) == nil)
  }

  @Test("lower-case t and z and fractions past nine digits are read")
  func readsWhatTheFormatStyleRefused() {
    let expected = Date(timeIntervalSince1970: 1_795_249_800)
    #expect(decode("2026-11-21t08:30:00z") == expected)
    let long = decode("2026-11-21T08:30:00.1234567891234Z")
    #expect(long.map { abs($0.timeIntervalSince1970 - 1_795_249_800.123456789) < 1e-6 } == true)
  }

  @Test("year 0000 is in the proleptic Gregorian calendar, as every other module reads it")
  func yearZero() {
    #expect(decode("0000-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_167_219_200))
  }
}

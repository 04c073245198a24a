import Foundation
import KooberWire
import Testing
import WireFormat

/// Koober's ride routes keep milliseconds; the generic `WireJSON` writes whole seconds only.
@Suite("KooberWire.rideEncoder: Koober's ride form beside WireJSON's generic one")
struct KooberWireRideEncoderTests {
  private struct Stamp: Codable, Equatable {
    var at: Date
    var url: String
  }

  // 2026-11-21T08:30:00.250Z
  private static let quarter = Date(timeIntervalSince1970: 1_795_249_800.25)

  @Test("the ride encoder keeps milliseconds where the generic encoder rounds down")
  func rideKeepsMilliseconds() throws {
    let stamp = Stamp(at: Self.quarter, url: "https://example.com/a")
    let ride = String(decoding: try KooberWire.rideEncoder().encode(stamp), as: UTF8.self)
    let generic = String(decoding: try WireJSON.encoder().encode(stamp), as: UTF8.self)
    #expect(ride == #"{"at":"2026-11-21T08:30:00.250Z","url":"https://example.com/a"}"#)
    #expect(generic == #"{"at":"2026-11-21T08:30:00Z","url":"https://example.com/a"}"#)
  }

  @Test("a whole-second date is written alike by both encoders, and each reads back")
  func wholeSecondsAgree() throws {
    let stamp = Stamp(at: Date(timeIntervalSince1970: 1_795_249_800), url: "u")
    let ride = try KooberWire.rideEncoder().encode(stamp)
    #expect(ride == (try WireJSON.encoder().encode(stamp)))
    #expect(try WireJSON.decoder().decode(Stamp.self, from: ride) == stamp)
    let quarter = Stamp(at: Self.quarter, url: "u")
    let back = try WireJSON.decoder().decode(
      Stamp.self, from: KooberWire.rideEncoder().encode(quarter))
    #expect(back == quarter)
  }

  @Test("the ride encoder refuses a date beyond year 9999; the generic one clamps it")
  func outOfRange() throws {
    let far = Stamp(at: Date(timeIntervalSince1970: 1e12), url: "u")
    #expect(throws: EncodingError.self) { try KooberWire.rideEncoder().encode(far) }
    let clamped = String(decoding: try WireJSON.encoder().encode(far), as: UTF8.self)
    #expect(clamped.contains("9999-12-31T23:59:59Z"))
  }

  @Test("a hand-configured encoder with rideDateEncodingStrategy writes the ride form")
  func strategyAlone() throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = KooberWire.rideDateEncodingStrategy
    let text = String(decoding: try encoder.encode([Self.quarter]), as: UTF8.self)
    #expect(text == #"["2026-11-21T08:30:00.250Z"]"#)
  }
}

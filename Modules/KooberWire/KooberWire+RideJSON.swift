import Foundation
import WireFormat

extension KooberWire {
  /// A new encoder in the form of Koober's ride routes (<doc:HTTPContract>): like
  /// `WireJSON.encoder()` (sorted keys, unescaped slashes) except that dates keep their
  /// milliseconds, `2026-11-21T08:30:00.250Z`, and whole seconds stay `…:00Z`.
  ///
  /// Koober's rides carry request and pickup times to the millisecond, and the ride cache
  /// stores rows in the same form so a ride read back equals the ride written. Every other
  /// body, Koober's included, writes whole seconds through `WireJSON.encoder()`; reading takes
  /// both forms through `WireJSON.decoder()`.
  ///
  /// ```swift
  /// let row = try KooberWire.rideEncoder().encode(ride)   // "requestedAt": "…:12.345Z"
  /// ```
  /// - Returns: A fresh encoder with ``rideDateEncodingStrategy``.
  public static func rideEncoder() -> JSONEncoder {
    let encoder = WireJSON.encoder()
    encoder.dateEncodingStrategy = rideDateEncodingStrategy
    return encoder
  }

  /// The date strategy of ``rideEncoder()``, for code that configures its own encoder:
  /// `WireDate.string(from:)`, milliseconds rounded to the nearest, written only when present.
  /// A date outside the years 0000–9999, or one that is not finite, fails the encoding with
  /// `EncodingError.invalidValue` rather than writing a date the server would misread.
  public static var rideDateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      guard let text = WireDate.string(from: date) else {
        throw EncodingError.invalidValue(
          date,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "The date lies outside the years 0000-9999."))
      }
      var container = encoder.singleValueContainer()
      try container.encode(text)
    }
  }
}

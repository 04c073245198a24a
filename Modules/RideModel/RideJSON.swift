import Foundation
import WireFormat

/// The JSON coders for every ride object under RideModel's old name: a thin forward to
/// `WireJSON` and `WireDate`, kept so the ride code that spells `RideJSON` needs no change.
///
/// Dates read in the forms `WireDate` documents; encoding writes whole seconds, or
/// milliseconds when a date has a sub-second part, always with `Z`.
///
/// ```swift
/// let ride = try RideJSON.decoder().decode(Ride.self, from: body)
/// let data = try RideJSON.encoder().encode(ride)
/// ```
public enum RideJSON {
  /// A new decoder that reads API.md's dates: `WireJSON.decoder()`.
  /// - Returns: A decoder whose date failures are `DecodingError.dataCorrupted`.
  public static func decoder() -> JSONDecoder { WireJSON.decoder() }

  /// A new encoder that writes API.md's dates with milliseconds, with sorted keys.
  /// - Returns: An encoder that throws `EncodingError.invalidValue` for a date outside the
  ///   years 0000–9999.
  public static func encoder() -> JSONEncoder { WireJSON.encoder(dates: .milliseconds) }

  /// Writes a date the way the encoder does, e.g. for a database column or a query item.
  /// - Parameter date: The date to write.
  /// - Returns: `2026-11-21T08:30:00Z` (or `…:00.250Z`), or `nil` for a date outside the
  ///   years 0000–9999.
  public static func timestamp(from date: Date) -> String? {
    WireDate.string(from: date)
  }

  /// Reads a date the way the decoder does: `WireDate.date(from:)`.
  /// - Parameter timestamp: An RFC 3339 date-time with `Z` or a numeric offset.
  /// - Returns: The date, or `nil` when the text is not such a timestamp or names an
  ///   impossible day or time.
  public static func date(fromTimestamp timestamp: String) -> Date? {
    WireDate.date(from: timestamp)
  }
}

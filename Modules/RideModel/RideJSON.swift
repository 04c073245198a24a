import Foundation

/// The JSON coders for every ride object, set up for API.md's dates.
///
/// Dates are ISO-8601 in UTC with a `Z`. Decoding accepts `2026-11-21T08:30:00Z`, fractional
/// seconds (`…:00.123Z`) and numeric offsets (`…:00+10:00`); encoding writes whole seconds, or
/// milliseconds when a date has a sub-second part, always with `Z`.
///
/// ```swift
/// let ride = try RideJSON.decoder().decode(Ride.self, from: body)
/// let data = try RideJSON.encoder().encode(ride)
/// ```
public enum RideJSON {
  /// A new decoder that reads API.md's dates; every other setting is the default.
  /// - Returns: A decoder whose date failures are `DecodingError.dataCorrupted`.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = Timestamp.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Expected an ISO-8601 date such as 2026-11-21T08:30:00Z, got \""
            + String(text.prefix(40)) + "\".")
      }
      return date
    }
    return decoder
  }

  /// A new encoder that writes API.md's dates, with sorted keys so equal values give equal
  /// bytes.
  /// - Returns: An encoder that throws `EncodingError.invalidValue` for a date outside the
  ///   years 0000–9999.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      guard let text = Timestamp.string(from: date) else {
        throw EncodingError.invalidValue(
          date,
          EncodingError.Context(
            codingPath: encoder.codingPath,
            debugDescription: "The date lies outside the years 0000-9999."))
      }
      var container = encoder.singleValueContainer()
      try container.encode(text)
    }
    return encoder
  }

  /// Writes a date the way the encoder does, e.g. for a database column or a query item.
  /// - Parameter date: The date to write.
  /// - Returns: `2026-11-21T08:30:00Z` (or `…:00.250Z`), or `nil` for a date outside the
  ///   years 0000–9999.
  public static func timestamp(from date: Date) -> String? {
    Timestamp.string(from: date)
  }

  /// Reads a date the way the decoder does.
  /// - Parameter timestamp: An ISO-8601 date-time with `Z` or a numeric offset.
  /// - Returns: The date, or `nil` when the text is not such a timestamp or names an
  ///   impossible day or time.
  public static func date(fromTimestamp timestamp: String) -> Date? {
    Timestamp.date(from: timestamp)
  }
}

import Foundation

/// The JSON coders every module uses for the API, so a date written by one side is read by
/// the other.
///
/// Dates are ISO-8601 in UTC (`2026-11-21T08:30:00Z`); reading also accepts fractional seconds
/// and `±HH:MM` offsets, writing gives whole seconds (rounded down) with `Z`.
///
/// ```swift
/// let session = try KooberJSON.decoder().decode(UserSession.self, from: body)
/// let body = try KooberJSON.encoder().encode(session.user)
/// ```
public enum KooberJSON {
  /// A new decoder that reads the API's dates; each call returns a fresh one, so callers on
  /// different tasks never share a mutable coder.
  /// - Returns: A `JSONDecoder` with `dateDecodingStrategy`.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dateDecodingStrategy
    return decoder
  }

  /// A new encoder that writes the API's dates, with sorted keys so equal values encode to
  /// equal bytes.
  /// - Returns: A `JSONEncoder` with `dateEncodingStrategy`.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = dateEncodingStrategy
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// The date strategy of `decoder()`, for code that configures its own decoder.
  public static var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
    .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = ISO8601Timestamp.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Expected an ISO-8601 date such as 2026-11-21T08:30:00Z, got \(text)"
        )
      }
      return date
    }
  }

  /// The date strategy of `encoder()`, for code that configures its own encoder.
  public static var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(ISO8601Timestamp.string(from: date))
    }
  }

  /// Reads one API date.
  /// - Parameter text: A date such as `2026-11-21T08:30:00Z` or `2026-11-21T08:30:00.250Z`.
  /// - Returns: The date, or `nil` when `text` is not an ISO-8601 date with a zone.
  public static func date(from text: String) -> Date? {
    ISO8601Timestamp.date(from: text)
  }

  /// Writes one API date: whole seconds (rounded down) in UTC with `Z`; dates outside the
  /// years 0000–9999 are clamped to that range.
  /// - Parameter date: The date.
  /// - Returns: The text, e.g. `2026-11-21T08:30:00Z`.
  public static func string(from date: Date) -> String {
    ISO8601Timestamp.string(from: date)
  }
}

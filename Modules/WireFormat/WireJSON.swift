import Foundation

/// The generic JSON coder configuration of an ISO-8601 API, for users, sessions and the
/// backend alike, so a date written by one side is read by the other.
///
/// Dates read in the forms ``WireDate`` accepts (whole seconds or a fraction, `Z` or an
/// offset), whichever side wrote them, and write as whole seconds with `Z` (the form most
/// servers show). A server with a form of its own configures it beside its shapes (one that
/// keeps milliseconds writes them with `WireDate.string(from:)`). The encoder sorts
/// keys, so equal values encode to equal bytes.
///
/// ```swift
/// struct Event: Codable { var name: String; var at: Date }
/// let event = try WireJSON.decoder().decode(Event.self, from: body)
/// let data = try WireJSON.encoder().encode(event)
/// ```
public enum WireJSON {
  /// A new decoder that reads the API's dates; each call returns a fresh one, so callers on
  /// different tasks never share a mutable coder.
  /// - Returns: A decoder whose date failures are `DecodingError.dataCorrupted`.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dateDecodingStrategy
    return decoder
  }

  /// A new encoder that writes dates as whole seconds with `Z`, with sorted keys and
  /// unescaped slashes; each call returns a fresh one.
  /// - Returns: An encoder with ``dateEncodingStrategy``.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = dateEncodingStrategy
    return encoder
  }

  /// The date strategy of `decoder()`, for code that configures its own decoder.
  public static var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
    .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      guard let date = WireDate.date(from: text) else {
        throw DecodingError.dataCorruptedError(
          in: container,
          debugDescription: "Expected an ISO-8601 date such as 2026-11-21T08:30:00Z, got \""
            + String(text.prefix(40)) + "\".")
      }
      return date
    }
  }

  /// The date strategy of `encoder()`, for code that configures its own encoder:
  /// ``WireDate/wholeSecondsString(from:)``, e.g. `2026-11-21T08:30:00Z`, rounded down and
  /// clamped to the years 0000–9999, so it never fails.
  public static var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      var container = encoder.singleValueContainer()
      try container.encode(WireDate.wholeSecondsString(from: date))
    }
  }
}

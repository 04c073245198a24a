import Foundation

/// The one JSON coder configuration of the API, for users, sessions, rides and the backend
/// alike, so a date written by one side is read by the other.
///
/// Dates read in the forms ``WireDate`` accepts, whichever side wrote them. They write in one
/// of two ``DateStyle``s: the backend, sessions and plain requests write whole seconds (the
/// form most servers show), rides keep milliseconds. The encoder sorts keys, so equal values
/// encode to equal bytes.
///
/// ```swift
/// struct Event: Codable { var name: String; var at: Date }
/// let event = try WireJSON.decoder().decode(Event.self, from: body)
/// let data = try WireJSON.encoder(dates: .wholeSeconds).encode(event)
/// ```
public enum WireJSON {
  /// How an encoder writes dates; reading accepts both.
  public enum DateStyle: Sendable {
    /// ``WireDate/wholeSecondsString(from:)``: `2026-11-21T08:30:00Z`, rounded down, clamped
    /// to the years 0000–9999; never fails.
    case wholeSeconds
    /// ``WireDate/string(from:)``: whole seconds, or `…:00.250Z` when there is a sub-second
    /// part; a date outside the years 0000–9999 fails with `EncodingError.invalidValue`.
    case milliseconds
  }

  /// A new decoder that reads the API's dates; each call returns a fresh one, so callers on
  /// different tasks never share a mutable coder.
  /// - Returns: A decoder whose date failures are `DecodingError.dataCorrupted`.
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = dateDecodingStrategy
    return decoder
  }

  /// A new encoder that writes the API's dates, with sorted keys and unescaped slashes.
  /// - Parameter dates: How dates are written.
  /// - Returns: An encoder with `dateEncodingStrategy(dates)`.
  public static func encoder(dates: DateStyle) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = dateEncodingStrategy(dates)
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

  /// The date strategy of `encoder(dates:)`, for code that configures its own encoder.
  /// - Parameter style: How dates are written.
  /// - Returns: A custom strategy that writes `style`.
  public static func dateEncodingStrategy(
    _ style: DateStyle
  ) -> JSONEncoder.DateEncodingStrategy {
    .custom { date, encoder in
      let written: String? =
        switch style {
        case .wholeSeconds: WireDate.wholeSecondsString(from: date)
        case .milliseconds: WireDate.string(from: date)
        }
      guard let text = written else {
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

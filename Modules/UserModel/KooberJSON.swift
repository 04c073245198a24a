import Foundation
import WireFormat

/// The API's JSON coders under UserModel's old name: a thin forward to `WireJSON` and
/// `WireDate`, kept so the many call sites that spell `KooberJSON` need no change.
///
/// Dates read in the forms `WireDate` documents (RFC 3339: `T`/`t`, `Z`/`z` or `±hh:mm`, any
/// number of fraction digits); the encoder writes whole seconds (`WireJSON.DateStyle`).
///
/// ```swift
/// let session = try KooberJSON.decoder().decode(UserSession.self, from: body)
/// let body = try KooberJSON.encoder().encode(session.user)
/// ```
public enum KooberJSON {
  /// A new decoder that reads the API's dates: `WireJSON.decoder()`.
  /// - Returns: A `JSONDecoder` with `dateDecodingStrategy`.
  public static func decoder() -> JSONDecoder { WireJSON.decoder() }

  /// A new encoder that writes the API's dates as whole seconds, with sorted keys.
  /// - Returns: A `JSONEncoder` with `dateEncodingStrategy`.
  public static func encoder() -> JSONEncoder { WireJSON.encoder(dates: .wholeSeconds) }

  /// The date strategy of `decoder()`, for code that configures its own decoder.
  public static var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
    WireJSON.dateDecodingStrategy
  }

  /// The date strategy of `encoder()`, for code that configures its own encoder.
  public static var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
    WireJSON.dateEncodingStrategy(.wholeSeconds)
  }

  /// Reads one API date: `WireDate.date(from:)`.
  /// - Parameter text: A date such as `2026-11-21T08:30:00Z` or `2026-11-21T08:30:00.250Z`.
  /// - Returns: The date, or `nil` when `text` is not an RFC 3339 date-time with a zone.
  public static func date(from text: String) -> Date? {
    WireDate.date(from: text)
  }

  /// Writes one API date: whole seconds (rounded down) in UTC with `Z`; dates outside the
  /// years 0000–9999 are clamped to that range (`WireDate.wholeSecondsString(from:)`).
  /// - Parameter date: The date.
  /// - Returns: The text, e.g. `2026-11-21T08:30:00Z`.
  public static func string(from date: Date) -> String {
    WireDate.wholeSecondsString(from: date)
  }
}

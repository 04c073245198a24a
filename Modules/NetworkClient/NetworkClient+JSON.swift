import Foundation

extension NetworkClient {
  /// The decoder `DefaultRequest` uses unless a request names its own. Shared: do not change
  /// its settings; make your own with `makeDecoder()`.
  public static let defaultDecoder = makeDecoder()

  /// The encoder `DefaultRequest` uses unless a request names its own. Shared: do not change
  /// its settings; make your own with `makeEncoder()`.
  public static let defaultEncoder = makeEncoder()

  /// A decoder for the API's JSON: dates are ISO-8601 strings in UTC with `Z`, with or
  /// without fractional seconds (`2026-11-21T08:30:00Z`, `2026-11-21T08:30:00.250Z`).
  /// - Returns: a new decoder.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      let text = try container.decode(String.self)
      if let date = try? Date(text, strategy: plainDates) { return date }
      if let date = try? Date(text, strategy: fractionalDates) { return date }
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "expected an ISO-8601 date like 2026-11-21T08:30:00Z")
    }
    return decoder
  }

  /// An encoder for the API's JSON: dates as ISO-8601 strings in UTC with `Z`.
  /// - Returns: a new encoder.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  private static let plainDates = Date.ISO8601FormatStyle()
  private static let fractionalDates = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

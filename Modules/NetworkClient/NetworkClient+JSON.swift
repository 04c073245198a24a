import Foundation

extension NetworkClient {
  /// The decoder `DefaultRequest` uses unless a request names its own. Shared: do not change
  /// its settings; make your own with `makeDecoder()`.
  public static let defaultDecoder = makeDecoder()

  /// The encoder `DefaultRequest` uses unless a request names its own. Shared: do not change
  /// its settings; make your own with `makeEncoder()`.
  public static let defaultEncoder = makeEncoder()

  /// A decoder for the API's JSON: dates in the forms `WireDate` accepts (RFC 3339:
  /// `2026-11-21T08:30:00Z`, `2026-11-21T08:30:00.250Z`, `…+10:00`).
  /// - Returns: a new decoder.
  public static func makeDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = WireJSON.dateDecodingStrategy
    return decoder
  }

  /// An encoder for the API's JSON: dates as whole seconds in UTC with `Z`
  /// (`WireJSON.dateEncodingStrategy`).
  /// - Returns: a new encoder.
  public static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = WireJSON.dateEncodingStrategy
    return encoder
  }
}

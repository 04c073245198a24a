import Foundation
import WireFormat

extension JSONValue {
  /// Parses a request body for the backend's handlers.
  /// - Parameter data: the bytes.
  /// - Returns: the value.
  /// - Throws: `APIError` `400 malformed_body` for anything that is not JSON (including invalid
  ///   UTF-8 and numbers too large for a `Double`).
  static func parse(_ data: Data) throws(APIError) -> JSONValue {
    do {
      return try JSONDecoder().decode(JSONValue.self, from: data)
    } catch {
      throw .malformedBody("not valid JSON")
    }
  }
}

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
      // The HTTP contract's limits, in time linear in the body whatever its shape.
      return try JSONValue.parse(data, limits: .requestBody)
    } catch .tooDeep(let limit) {
      throw .malformedBody("JSON nested deeper than \(limit)")
    } catch .tooManyValues(let limit) {
      throw .malformedBody("more than \(limit) JSON values")
    } catch {
      throw .malformedBody("not valid JSON")
    }
  }
}

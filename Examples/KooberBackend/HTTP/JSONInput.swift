import Foundation

/// A JSON value as it came in a request body, so a handler can tell a missing field, `null`,
/// and a field of the wrong type apart (each has its own answer in API.md).
enum JSONInput: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// Any number; integers up to 2^53 are exact.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONInput])
  /// An object.
  case object([String: JSONInput])

  /// Parses JSON bytes.
  /// - Parameter data: the bytes.
  /// - Returns: the value.
  /// - Throws: `APIError` `400 malformed_body` for anything that is not JSON (including invalid
  ///   UTF-8 and numbers too large for a `Double`).
  static func parse(_ data: Data) throws(APIError) -> JSONInput {
    do {
      return try JSONDecoder().decode(JSONInput.self, from: data)
    } catch {
      throw .malformedBody("not valid JSON")
    }
  }
}

extension JSONInput: Decodable {
  /// Decodes any JSON value.
  /// - Parameter decoder: the decoder.
  /// - Throws: `DecodingError` when the input is not JSON.
  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONInput].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONInput].self))
    }
  }
}

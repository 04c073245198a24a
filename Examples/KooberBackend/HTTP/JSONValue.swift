import Foundation

/// A JSON value as it came over the wire, so a handler can tell a missing field, `null`, and a
/// field of the wrong type apart (each has its own answer in API.md).
enum JSONValue: Sendable, Equatable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// Any number; integers up to 2^53 are exact.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Parses JSON bytes.
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

  /// Serializes the value as compact JSON.
  /// - Returns: UTF-8 bytes.
  func encoded() -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding a tree of strings, numbers and containers cannot fail except for non-finite
    // numbers, which `encode(to:)` writes as null.
    return (try? encoder.encode(self)) ?? Data("null".utf8)
  }

  /// A string value, or `.null` for nil.
  /// - Parameter value: the optional string.
  /// - Returns: `.string` or `.null`.
  static func optional(_ value: String?) -> JSONValue {
    value.map(JSONValue.string) ?? .null
  }

  /// A date as ISO-8601 in UTC with a `Z`, e.g. `2026-11-21T08:30:00Z`.
  /// - Parameter date: the date; fractions of a second are dropped.
  /// - Returns: `.string`.
  static func date(_ date: Date) -> JSONValue {
    .string(date.formatted(.iso8601))
  }
}

extension JSONValue: Codable {
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
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value; integral numbers are written without a fraction.
  /// - Parameter encoder: the encoder.
  /// - Throws: what the encoder throws.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if !value.isFinite {
        try container.encodeNil()
      } else if value.rounded() == value, abs(value) < 9_007_199_254_740_992 {
        try container.encode(Int64(value))
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

import Foundation

/// Any JSON value, for bodies whose shape is not known in advance: the extra fields of an
/// error, a request body a server checks field by field, a test's ad-hoc answer.
///
/// A missing field, `null` and a field of the wrong type are three different things here, so
/// a server can answer each its own way.
///
/// ```swift
/// let body: JSONValue = ["error": ["code": "account_locked", "retryAfter": 300]]
/// let data = try JSONEncoder().encode(body)   // {"error":{"code":…,"retryAfter":300}}
/// ```
public enum JSONValue: Sendable, Hashable, Codable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number; JSON does not tell integers apart, and integers up to 2^53 are exact.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])

  /// Decodes whichever JSON value comes next.
  /// - Parameter decoder: The decoder positioned at the value.
  /// - Throws: `DecodingError` when the input is not JSON.
  public init(from decoder: any Decoder) throws {
    // Each level below tries the kinds of value in turn, so deep nesting would cost the
    // square of its depth: past 64 levels the input is refused (`parse(_:limits:)` is the
    // linear way to read untrusted JSON).
    guard decoder.codingPath.count < 64 else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "JSON nested deeper than 64."))
    }
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

  /// Encodes the value as the JSON it stands for; a whole number that fits an `Int` is
  /// written without a fraction (`300`, not `300.0`).
  /// - Parameter encoder: The encoder to write into.
  /// - Throws: `EncodingError` from the encoder, e.g. for a non-finite number.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .number(let value):
      if let whole = Int(exactly: value) {
        try container.encode(whole)
      } else {
        try container.encode(value)
      }
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }

  /// The value as an `Int` when it is a whole number that fits one, else `nil`.
  public var intValue: Int? {
    guard case .number(let value) = self else { return nil }
    return Int(exactly: value)
  }

  /// The value as a `String` when it is one, else `nil`.
  public var stringValue: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }
}

import Foundation
import WireFormat

/// A request body that must be a JSON object, with typed field access that answers the HTTP
/// contract's `400 malformed_body` for a missing required field or a field of the wrong JSON type.
///
/// ```swift
/// let body = try JSONBody(request.body)
/// let email = try body.string("email")
/// let name = try body.optionalString("name")   // missing or null: nil
/// ```
struct JSONBody: Sendable {
  /// The object's fields.
  let fields: [String: JSONValue]

  /// Parses a body; the Content-Type is not consulted.
  /// - Parameter data: the raw body.
  /// - Throws: `400 malformed_body` when it is not a JSON object.
  init(_ data: Data) throws(APIError) {
    guard case .object(let fields) = try JSONValue.parse(data) else {
      throw .malformedBody("expected a JSON object")
    }
    self.fields = fields
  }

  /// Wraps an already parsed object, e.g. a nested one.
  /// - Parameter fields: the object's fields.
  init(fields: [String: JSONValue]) {
    self.fields = fields
  }

  /// Whether the key is present (even as `null`).
  /// - Parameter key: the field name.
  /// - Returns: whether it is present.
  func contains(_ key: String) -> Bool { fields[key] != nil }

  /// A required string field.
  /// - Parameter key: the field name.
  /// - Returns: its value.
  /// - Throws: `400 malformed_body` when missing, `null` or not a string.
  func string(_ key: String) throws(APIError) -> String {
    guard let value = try optionalString(key) else { throw .malformedBody("`\(key)` is required") }
    return value
  }

  /// An optional string field.
  /// - Parameter key: the field name.
  /// - Returns: its value, or nil when missing or `null`.
  /// - Throws: `400 malformed_body` when present with another type.
  func optionalString(_ key: String) throws(APIError) -> String? {
    switch fields[key] {
    case nil, .null?: return nil
    case .string(let value)?: return value
    default: throw .malformedBody("`\(key)` must be a string")
    }
  }

  /// A required number field.
  /// - Parameter key: the field name.
  /// - Returns: its value.
  /// - Throws: `400 malformed_body` when missing, `null` or not a number.
  func number(_ key: String) throws(APIError) -> Double {
    switch fields[key] {
    case nil, .null?: throw .malformedBody("`\(key)` is required")
    case .number(let value)?: return value
    default: throw .malformedBody("`\(key)` must be a number")
    }
  }

  /// A required object field.
  /// - Parameter key: the field name.
  /// - Returns: the nested object.
  /// - Throws: `400 malformed_body` when missing, `null` or not an object.
  func object(_ key: String) throws(APIError) -> JSONBody {
    switch fields[key] {
    case nil, .null?: throw .malformedBody("`\(key)` is required")
    case .object(let value)?: return JSONBody(fields: value)
    default: throw .malformedBody("`\(key)` must be an object")
    }
  }
}

/// A JSON value, for the extra fields of an error body (`attemptsLeft`, `retryAfter`) and
/// other small ad-hoc bodies.
///
/// ```swift
/// .error(status: 423, code: "account_locked", message: "Try later.", extra: ["retryAfter": 300])
/// ```
public enum JSONValue: Sendable, Hashable, Encodable, ExpressibleByStringLiteral,
  ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  /// A string.
  case string(String)
  /// An integer.
  case int(Int)
  /// A floating-point number.
  case double(Double)
  /// `true` or `false`.
  case bool(Bool)
  /// An array.
  case array([JSONValue])
  /// An object.
  case object([String: JSONValue])
  /// `null`.
  case null

  /// Creates a string value.
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates an integer value.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self = .int(value) }
  /// Creates a floating-point value.
  /// - Parameter value: The number.
  public init(floatLiteral value: Double) { self = .double(value) }
  /// Creates a Boolean value.
  /// - Parameter value: The Boolean.
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  /// Creates an array value.
  /// - Parameter elements: The elements.
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  /// Creates an object value; a repeated key keeps its last value.
  /// - Parameter elements: The members.
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  /// Creates `null`.
  /// - Parameter nilLiteral: Unused.
  public init(nilLiteral: ()) { self = .null }

  /// Encodes the value as the JSON it stands for.
  /// - Parameter encoder: The encoder.
  /// - Throws: An `EncodingError` when the encoder refuses a value, e.g. a non-finite double.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .string(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .bool(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    case .null: try container.encodeNil()
    }
  }
}

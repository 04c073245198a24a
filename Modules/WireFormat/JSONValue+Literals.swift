extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
  ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  /// Creates a string value.
  /// - Parameter value: The string.
  public init(stringLiteral value: String) { self = .string(value) }
  /// Creates a number from an integer literal.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int) { self = .number(Double(value)) }
  /// Creates a number from a floating-point literal.
  /// - Parameter value: The number.
  public init(floatLiteral value: Double) { self = .number(value) }
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
}

extension JSONValue {
  /// A number from an integer, as LoopbackServer's JSON value spelled it (`.int(300)`).
  /// - Parameter value: The integer; written back without a fraction.
  /// - Returns: `.number(Double(value))`.
  public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

  /// A number from a double, as LoopbackServer's JSON value spelled it (`.double(0.5)`).
  /// - Parameter value: The number.
  /// - Returns: `.number(value)`.
  public static func double(_ value: Double) -> JSONValue { .number(value) }
}

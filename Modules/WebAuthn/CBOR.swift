/// A CBOR data item (RFC 8949) of the subset WebAuthn needs: integers, byte and text
/// strings, arrays, maps, `false`, `true` and `null`, all of definite length.
///
/// Decoding refuses everything else (floats, tags, indefinite lengths, nesting deeper than
/// ``maximumDepth``, duplicate map keys, bytes left over) with a typed ``WebAuthnError``;
/// encoding writes RFC 8949 §4.2.1's core deterministic encoding: shortest arguments and
/// map keys sorted by their encoded bytes.
///
/// ```swift
/// let item = try CBOR.decode(attestationObjectBytes)
/// let format = item[key: "fmt"]?.textValue         // "none"
/// let bytes = CBOR.map([(.text("fmt"), .text("none"))]).encoded()
/// ```
public enum CBOR: Sendable, Equatable {
  /// An unsigned integer (major type 0).
  case unsigned(UInt64)
  /// A negative integer (major type 1) standing for `-1 - n`.
  case negative(UInt64)
  /// A byte string (major type 2).
  case bytes([UInt8])
  /// A text string (major type 3).
  case text(String)
  /// An array (major type 4).
  case array([CBOR])
  /// A map (major type 5), its entries in the order they were read or given.
  case map([(key: CBOR, value: CBOR)])
  /// `false` or `true` (simple values 20 and 21).
  case bool(Bool)
  /// `null` (simple value 22).
  case null

  /// The deepest nesting of arrays and maps decoding accepts; an item inside 16 containers
  /// is read, one inside 17 is refused.
  public static let maximumDepth = 16

  /// Compares two items; maps compare entry by entry, in order.
  /// - Parameters:
  ///   - lhs: One item.
  ///   - rhs: The other.
  /// - Returns: Whether they are the same item.
  public static func == (lhs: CBOR, rhs: CBOR) -> Bool {
    switch (lhs, rhs) {
    case (.unsigned(let a), .unsigned(let b)), (.negative(let a), .negative(let b)): a == b
    case (.bytes(let a), .bytes(let b)): a == b
    case (.text(let a), .text(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.map(let a), .map(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    default: false
    }
  }

  /// An integer item: ``unsigned(_:)`` for zero and above, ``negative(_:)`` below.
  /// - Parameter value: The integer.
  /// - Returns: The item.
  public static func int(_ value: Int) -> CBOR {
    value >= 0
      ? .unsigned(UInt64(value)) : .negative(UInt64(bitPattern: Int64(-1 - value)))
  }

  /// The integer, when the item is one that fits an `Int`.
  public var intValue: Int? {
    switch self {
    case .unsigned(let value): Int(exactly: value)
    case .negative(let value): Int(exactly: value).map { -1 - $0 }
    default: nil
    }
  }

  /// The bytes, when the item is a byte string.
  public var bytesValue: [UInt8]? {
    if case .bytes(let value) = self { value } else { nil }
  }

  /// The text, when the item is a text string.
  public var textValue: String? {
    if case .text(let value) = self { value } else { nil }
  }

  /// The elements, when the item is an array.
  public var arrayValue: [CBOR]? {
    if case .array(let value) = self { value } else { nil }
  }

  /// The entries, when the item is a map.
  public var mapValue: [(key: CBOR, value: CBOR)]? {
    if case .map(let value) = self { value } else { nil }
  }

  /// The value under `key`, when the item is a map that has it.
  /// - Parameter key: The key item.
  public subscript(key key: CBOR) -> CBOR? {
    mapValue?.first { $0.key == key }?.value
  }

  /// The value under an integer key (COSE labels), when the item is a map that has it.
  /// - Parameter key: The integer key.
  public subscript(key key: Int) -> CBOR? { self[key: .int(key)] }

  /// The value under a text key, when the item is a map that has it.
  /// - Parameter key: The text key.
  public subscript(key key: String) -> CBOR? { self[key: .text(key)] }
}

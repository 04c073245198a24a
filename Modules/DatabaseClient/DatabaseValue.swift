import Foundation

/// One SQLite value, in the storage class SQLite keeps it in.
///
/// ```swift
/// let value: DatabaseValue = row.value(named: "score") ?? .null
/// if case .real(let score) = value { print(score) }
/// ```
public enum DatabaseValue: Sendable, Equatable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer (SQLite `INTEGER`).
  case integer(Int64)
  /// A 64-bit IEEE floating-point number (SQLite `REAL`).
  case real(Double)
  /// UTF-8 text (SQLite `TEXT`); may contain NUL characters.
  case text(String)
  /// Bytes (SQLite `BLOB`); an empty blob is distinct from `NULL`.
  case blob(Data)

  /// Whether the value is SQL `NULL`.
  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }
}

extension DatabaseValue: ExpressibleByNilLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
  /// Makes `.null`.
  /// - Parameter nilLiteral: The literal `nil`.
  public init(nilLiteral: ()) { self = .null }
  /// Makes `.integer`.
  /// - Parameter value: The integer.
  public init(integerLiteral value: Int64) { self = .integer(value) }
  /// Makes `.real`.
  /// - Parameter value: The number.
  public init(floatLiteral value: Double) { self = .real(value) }
  /// Makes `.text`.
  /// - Parameter value: The text.
  public init(stringLiteral value: String) { self = .text(value) }
  /// Makes `.integer(1)` for `true` and `.integer(0)` for `false`, as SQLite stores booleans.
  /// - Parameter value: The boolean.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

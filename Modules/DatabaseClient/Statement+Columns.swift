import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Column readers for the current row, after ``step()`` returned `true`. Indexes start at 0.
/// They follow SQLite's own conversions, like the C API: `NULL` reads as 0, an empty string or
/// empty data, and an index out of range reads as `NULL`. Use ``value(at:)`` or ``isNull(at:)``
/// to tell `NULL` apart.
extension Statement {
  /// The number of columns in each result row.
  public var columnCount: Int { Int(sqlite3_column_count(handle)) }

  /// Whether the column is `NULL` in the current row.
  /// - Parameter index: The column, from 0.
  /// - Returns: `true` for `NULL` (and for an index out of range).
  @inlinable
  public func isNull(at index: Int) -> Bool {
    sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) == SQLITE_NULL
  }

  /// The column as a 64-bit integer.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value, converted by SQLite if it is not an `INTEGER`.
  @inlinable
  public func int64(at index: Int) -> Int64 {
    sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index))
  }

  /// The column as an `Int`.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value, converted by SQLite if it is not an `INTEGER`.
  @inlinable
  public func int(at index: Int) -> Int {
    Int(truncatingIfNeeded: sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index)))
  }

  /// The column as a `Double`.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value, converted by SQLite if it is not a `REAL`.
  @inlinable
  public func double(at index: Int) -> Double {
    sqlite3_column_double(handle, Int32(truncatingIfNeeded: index))
  }

  /// The column as text, NUL characters included; invalid UTF-8 is repaired with U+FFFD.
  /// - Parameter index: The column, from 0.
  /// - Returns: The text, converted by SQLite if it is not `TEXT`.
  public func string(at index: Int) -> String {
    let column = Int32(truncatingIfNeeded: index)
    guard let text = sqlite3_column_text(handle, column) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, column))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Lends the column's text to `body` as UTF-8 bytes, without copying it into a `String`.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - body: Reads the bytes; they are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withUTF8<R, E: Error>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
  ) throws(E) -> R {
    let column = Int32(truncatingIfNeeded: index)
    let text = sqlite3_column_text(handle, column)
    let count = text == nil ? 0 : Int(sqlite3_column_bytes(handle, column))
    return try body(UnsafeBufferPointer(start: text, count: count))
  }

  /// Lends the column's bytes to `body`, without copying them into a `Data`.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - body: Reads the bytes; they are valid only during the call.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable
  public func withBytes<R, E: Error>(
    at index: Int, _ body: (UnsafeRawBufferPointer) throws(E) -> R
  ) throws(E) -> R {
    let column = Int32(truncatingIfNeeded: index)
    let bytes = sqlite3_column_blob(handle, column)
    let count = bytes == nil ? 0 : Int(sqlite3_column_bytes(handle, column))
    return try body(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// The column as bytes.
  /// - Parameter index: The column, from 0.
  /// - Returns: The bytes, converted by SQLite if it is not a `BLOB`.
  public func data(at index: Int) -> Data {
    let column = Int32(truncatingIfNeeded: index)
    guard let bytes = sqlite3_column_blob(handle, column) else { return Data() }
    return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, column)))
  }

  /// The column as stored, in its own storage class.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value; `.null` for an index out of range.
  public func value(at index: Int) -> DatabaseValue {
    let column = Int32(truncatingIfNeeded: index)
    switch sqlite3_column_type(handle, column) {
    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
    case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
    case SQLITE_TEXT: return .text(string(at: index))
    case SQLITE_BLOB: return .blob(data(at: index))
    default: return .null
    }
  }

  /// The column read as `T`, strictly.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - type: The Swift type to read; an `Optional` accepts `NULL`.
  /// - Returns: The value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when the stored value is not a `T`.
  public func get<T: DatabaseValueConvertible>(
    _ index: Int, as type: T.Type = T.self
  ) throws(DatabaseError) -> T {
    let stored = value(at: index)
    guard let converted = T(databaseValue: stored) else {
      throw .conversion(column: "\(index)", stored: stored, wanted: T.self, sql: sql)
    }
    return converted
  }
}

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Where a row decoder reads columns: a ``Row`` already read out of SQLite (``RowColumns``),
/// or the cursor's current row read in place (``RowCursor``). One keyed container serves
/// both, so both decode alike.
///
/// A class-bound protocol: the standard library copies the keyed container out of its box for
/// every value decoded, and a container holding one reference costs one retain for that,
/// where an enum with the sources' references as payloads cost a copy and a consume of the
/// whole payload at every column.
protocol ColumnSource: AnyObject {
  /// The column names, for `allKeys`.
  var columnKeys: [String] { get }
  /// The number of columns.
  var columnCount: Int { get }
  /// The index of the column called `name`.
  func columnIndex(of name: String) -> Int?
  /// The value of a valid column.
  func columnValue(at index: Int) -> DatabaseValue
  /// A valid column read as `Int64` when it is stored as an `INTEGER`, else `nil`: the common
  /// types are read without building a ``DatabaseValue`` first.
  func storedInteger(at index: Int) -> Int64?
  /// A valid column read as `Double` when it is stored as a `REAL`, else `nil`.
  func storedReal(at index: Int) -> Double?
  /// A valid column read as `String` when it is stored as `TEXT`, else `nil`.
  func storedText(at index: Int) -> String?
  /// Whether a valid column is `NULL`.
  func storedIsNull(at index: Int) -> Bool
}

/// A ``Row`` as a ``ColumnSource``.
final class RowColumns: ColumnSource {
  let row: Row

  init(_ row: Row) {
    self.row = row
  }

  var columnKeys: [String] { row.columnNames }
  var columnCount: Int { row.count }
  func columnIndex(of name: String) -> Int? { row.index(of: name) }
  func columnValue(at index: Int) -> DatabaseValue { row.stored(at: index) }

  func storedInteger(at index: Int) -> Int64? {
    if case .integer(let value) = row.stored(at: index) { return value }
    return nil
  }

  func storedReal(at index: Int) -> Double? {
    if case .real(let value) = row.stored(at: index) { return value }
    return nil
  }

  func storedText(at index: Int) -> String? {
    if case .text(let value) = row.stored(at: index) { return value }
    return nil
  }

  func storedIsNull(at index: Int) -> Bool { row.stored(at: index).isNull }
}

/// The cursor's current row as a ``ColumnSource``, read in place; names through its
/// per-query slots.
extension RowCursor: ColumnSource {
  var columnKeys: [String] { (try? columnNames()) ?? [] }
  var columnCount: Int { Int(sqlite3_column_count(statement.handle)) }
  func columnIndex(of name: String) -> Int? { slotIndex(of: name) }
  func columnValue(at index: Int) -> DatabaseValue { statement.value(at: index) }

  func storedInteger(at index: Int) -> Int64? {
    guard storageClass(at: index) == SQLITE_INTEGER else { return nil }
    return statement.int64(at: index)
  }

  func storedReal(at index: Int) -> Double? {
    guard storageClass(at: index) == SQLITE_FLOAT else { return nil }
    return statement.double(at: index)
  }

  func storedText(at index: Int) -> String? {
    guard storageClass(at: index) == SQLITE_TEXT else { return nil }
    return statement.string(at: index)
  }

  func storedIsNull(at index: Int) -> Bool { storageClass(at: index) == SQLITE_NULL }

  private func storageClass(at index: Int) -> Int32 {
    sqlite3_column_type(statement.handle, Int32(truncatingIfNeeded: index))
  }
}

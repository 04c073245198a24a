#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Where a row decoder reads columns: a ``Row`` already read out of SQLite, or the cursor's
/// current row read in place. One keyed container serves both, so both decode alike; an enum
/// rather than a protocol, so the container calls these directly, not through a witness table.
enum ColumnSource {
  case row(Row)
  case cursor(RowCursor, Statement)

  /// The column names, for `allKeys`.
  var columnKeys: [String] {
    switch self {
    case .row(let row): row.columnNames
    case .cursor(let cursor, _): (try? cursor.columnNames()) ?? []
    }
  }

  /// The number of columns.
  var columnCount: Int {
    switch self {
    case .row(let row): row.count
    case .cursor(_, let statement): Int(sqlite3_column_count(statement.handle))
    }
  }

  /// The index of the column called `name` (the cursor's through its per-query slots).
  func columnIndex(of name: String) -> Int? {
    switch self {
    case .row(let row): row.index(of: name)
    case .cursor(let cursor, _): cursor.slotIndex(of: name)
    }
  }

  /// The value of a valid column.
  func columnValue(at index: Int) -> DatabaseValue {
    switch self {
    case .row(let row): row.stored(at: index)
    case .cursor(_, let statement): statement.value(at: index)
    }
  }

  /// A valid column read as `Int64` when it is stored as an `INTEGER`, else `nil`: the common
  /// types are read without building a ``DatabaseValue`` first.
  func integer(at index: Int) -> Int64? {
    switch self {
    case .row(let row):
      if case .integer(let value) = row.stored(at: index) { return value }
      return nil
    case .cursor(_, let statement):
      guard storageClass(statement, index) == SQLITE_INTEGER else { return nil }
      return statement.int64(at: index)
    }
  }

  /// A valid column read as `Double` when it is stored as a `REAL`, else `nil`.
  func real(at index: Int) -> Double? {
    switch self {
    case .row(let row):
      if case .real(let value) = row.stored(at: index) { return value }
      return nil
    case .cursor(_, let statement):
      guard storageClass(statement, index) == SQLITE_FLOAT else { return nil }
      return statement.double(at: index)
    }
  }

  /// A valid column read as `String` when it is stored as `TEXT`, else `nil`.
  func text(at index: Int) -> String? {
    switch self {
    case .row(let row):
      if case .text(let value) = row.stored(at: index) { return value }
      return nil
    case .cursor(_, let statement):
      guard storageClass(statement, index) == SQLITE_TEXT else { return nil }
      return statement.string(at: index)
    }
  }

  /// Whether a valid column is `NULL`.
  func isNull(at index: Int) -> Bool {
    switch self {
    case .row(let row): row.stored(at: index).isNull
    case .cursor(_, let statement): storageClass(statement, index) == SQLITE_NULL
    }
  }

  private func storageClass(_ statement: Statement, _ index: Int) -> Int32 {
    sqlite3_column_type(statement.handle, Int32(truncatingIfNeeded: index))
  }
}

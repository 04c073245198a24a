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
  /// The column called `name` read as `Int64` when it is stored as an `INTEGER`. One call
  /// finds the column and reads it: the common types are read without building a
  /// ``DatabaseValue`` first.
  /// - Parameters:
  ///   - name: The column's name.
  ///   - index: Set to the column's index when it holds something else, or to -1 when no
  ///     column has that name.
  /// - Returns: The value, or `nil` when there is none of that storage class.
  func integer(named name: String, index: inout Int) -> Int64?
  /// The column called `name` read as `Double` when it is stored as a `REAL` (see
  /// ``integer(named:index:)``).
  func real(named name: String, index: inout Int) -> Double?
  /// The column called `name` read as `String` when it is stored as `TEXT` (see
  /// ``integer(named:index:)``).
  func text(named name: String, index: inout Int) -> String?
  /// Whether the column called `name` is `NULL`; `nil` when there is no such column.
  func isNull(named name: String) -> Bool?
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

  func integer(named name: String, index: inout Int) -> Int64? {
    read(name, &index) { if case .integer(let value) = $0 { value } else { nil } }
  }

  func real(named name: String, index: inout Int) -> Double? {
    read(name, &index) { if case .real(let value) = $0 { value } else { nil } }
  }

  func text(named name: String, index: inout Int) -> String? {
    read(name, &index) { if case .text(let value) = $0 { value } else { nil } }
  }

  /// The column called `name` as `typed` reads its value (see `integer(named:index:)`).
  private func read<T>(
    _ name: String, _ index: inout Int, _ typed: (DatabaseValue) -> T?
  ) -> T? {
    guard let found = row.index(of: name) else { return nil }
    if let value = typed(row.stored(at: found)) { return value }
    index = found
    return nil
  }

  func isNull(named name: String) -> Bool? {
    row.index(of: name).map { row.stored(at: $0).isNull }
  }
}

/// The cursor's current row as a ``ColumnSource``, read in place; names through its
/// per-query slots.
extension RowCursor: ColumnSource {
  var columnKeys: [String] { (try? columnNames()) ?? [] }
  var columnCount: Int { Int(sqlite3_column_count(statement.handle)) }
  func columnIndex(of name: String) -> Int? { slotIndex(of: name) }
  func columnValue(at index: Int) -> DatabaseValue { statement.value(at: index) }

  func integer(named name: String, index: inout Int) -> Int64? {
    read(name, SQLITE_INTEGER, &index) { statement.int64(at: $0) }
  }

  func real(named name: String, index: inout Int) -> Double? {
    read(name, SQLITE_FLOAT, &index) { statement.double(at: $0) }
  }

  func text(named name: String, index: inout Int) -> String? {
    read(name, SQLITE_TEXT, &index) { statement.string(at: $0) }
  }

  /// The column called `name` read by `value` when SQLite stores it as `storageClass` (see
  /// `integer(named:index:)`).
  private func read<T>(
    _ name: String, _ storageClass: Int32, _ index: inout Int, _ value: (Int) -> T
  ) -> T? {
    guard let found = slotIndex(of: name) else { return nil }
    guard self.storageClass(at: found) == storageClass else {
      index = found
      return nil
    }
    return value(found)
  }

  func isNull(named name: String) -> Bool? {
    slotIndex(of: name).map { storageClass(at: $0) == SQLITE_NULL }
  }

  private func storageClass(at index: Int) -> Int32 {
    sqlite3_column_type(statement.handle, Int32(truncatingIfNeeded: index))
  }
}

/// A source whose columns are named as a ``ColumnKeyDecodingStrategy`` turns their names:
/// keys are looked up through it, so the default strategy costs nothing. A name that is no
/// converted column name is looked up as it is.
final class RenamedColumns: ColumnSource {
  let base: any ColumnSource
  let strategy: ColumnKeyDecodingStrategy
  /// The column each converted name stands for, made on first use (a cursor knows its columns
  /// only after its first step).
  private var columnsByKey: [String: String]?

  init(_ base: any ColumnSource, _ strategy: ColumnKeyDecodingStrategy) {
    self.base = base
    self.strategy = strategy
  }

  /// The column name a key of this name reads.
  private func column(_ key: String) -> String {
    let table = columnsByKey ?? makeColumnsByKey()
    return table[key] ?? key
  }

  private func makeColumnsByKey() -> [String: String] {
    var table: [String: String] = [:]
    for column in base.columnKeys {
      let key = strategy.keyName(forColumn: column)
      // The first column of a name wins, as in a lookup by name.
      if table[key] == nil { table[key] = column }
    }
    columnsByKey = table
    return table
  }

  var columnKeys: [String] { base.columnKeys.map(strategy.keyName(forColumn:)) }
  var columnCount: Int { base.columnCount }
  func columnIndex(of name: String) -> Int? { base.columnIndex(of: column(name)) }
  func columnValue(at index: Int) -> DatabaseValue { base.columnValue(at: index) }

  func integer(named name: String, index: inout Int) -> Int64? {
    base.integer(named: column(name), index: &index)
  }

  func real(named name: String, index: inout Int) -> Double? {
    base.real(named: column(name), index: &index)
  }

  func text(named name: String, index: inout Int) -> String? {
    base.text(named: column(name), index: &index)
  }

  func isNull(named name: String) -> Bool? { base.isNull(named: column(name)) }
}

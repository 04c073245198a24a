import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The rows of one query, read one at a time straight from SQLite, without building an array.
///
/// A cursor lives inside ``DatabaseExecutor/withCursor(_:_:_:)``: the query runs while the
/// closure runs, and ends (its cached statement rewound, reusable) when the closure returns,
/// early or not. Column names are read once per query, after its first step (so a schema
/// change since the statement was cached shows its new columns), and looked up by name
/// through a table made once per query, not once per row. A cursor kept past its closure
/// fails with ``DatabaseError/Kind/misuse``; it never reads a finished statement.
///
/// ```swift
/// let total = try db.withCursor("SELECT id, name, score FROM items WHERE score > ?", [0.5]) {
///   cursor in
///   var total = 0.0
///   while try cursor.next() {
///     let name: String = try cursor.get("name")
///     total += try cursor.get("score", as: Double.self) * Double(name.count)
///   }
///   return total
/// }
/// ```
public final class RowCursor {
  let statement: Statement
  private var isOver = false
  private var hasRow = false
  private var names: [String]?
  private var lookup: ColumnLookup?
  /// Name lookups remembered by their order within a row: code that reads `id`, `name`,
  /// `score` for every row finds each column by comparing one string (immediate when the
  /// caller passes the same literal each time), without hashing it.
  private var slots: [(name: String, index: Int?)] = []
  private var nextSlot = 0

  init(statement: Statement) {
    self.statement = statement
  }

  /// Moves to the next row.
  /// - Returns: `true` when there is a row to read, `false` at the end.
  /// - Throws: ``DatabaseError``: SQLite's, or `.misuse` once the query is over.
  public func next() throws(DatabaseError) -> Bool {
    try checkOpen()
    guard try statement.step() else {
      hasRow = false
      return false
    }
    if names == nil {
      // After the first step: stepping is when SQLite recompiles after a schema change.
      names = statement.columnNames
    }
    hasRow = true
    nextSlot = 0
    return true
  }

  /// The query's column names, in order, as the query spells them.
  /// - Throws: `.misuse` once the query is over.
  public func columnNames() throws(DatabaseError) -> [String] {
    try checkOpen()
    return names ?? statement.columnNames
  }

  /// The index of the column called `name`, compared exactly first, then ignoring ASCII
  /// case, as ``Row/index(of:)`` does; looked up in a table made once per query.
  /// - Parameter name: A column name.
  /// - Returns: The first matching index, or `nil`.
  /// - Throws: `.misuse` before the first row was read, or once the query is over.
  public func index(of name: String) throws(DatabaseError) -> Int? {
    try checkRow()
    return columnLookup().index(of: name)
  }

  /// The current row's column at `index` as a `T`, strictly.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - type: The Swift type; an `Optional` type accepts `NULL`.
  /// - Returns: The value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when the column is missing or holds
  ///   something that is not a `T`; `.misuse` without a current row.
  @inlinable
  public func get<T: DatabaseValueConvertible>(
    _ index: Int, as type: T.Type = T.self
  ) throws(DatabaseError) -> T {
    let stored = try storedValue(at: index)
    guard let converted = T(databaseValue: stored) else {
      throw mismatch(column: "\(index)", stored: stored, wanted: T.self)
    }
    return converted
  }

  // Inlinable, so the caller's module specializes the conversion for its `T`.

  /// The current row's column called `name` as a `T`, strictly.
  /// - Parameters:
  ///   - name: A column name.
  ///   - type: The Swift type; an `Optional` type accepts `NULL`.
  /// - Returns: The value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when the column is missing or holds
  ///   something that is not a `T`; `.misuse` without a current row.
  @inlinable
  public func get<T: DatabaseValueConvertible>(
    _ name: String, as type: T.Type = T.self
  ) throws(DatabaseError) -> T {
    let stored = try storedValue(named: name)
    guard let converted = T(databaseValue: stored) else {
      throw mismatch(column: name, stored: stored, wanted: T.self)
    }
    return converted
  }

  /// The current row's column at `index` as stored, or `nil` when there is no such column.
  /// - Parameter index: The column, from 0.
  /// - Returns: The value in its own storage class.
  /// - Throws: `.misuse` without a current row.
  public func value(at index: Int) throws(DatabaseError) -> DatabaseValue? {
    try checkRow()
    guard index >= 0, index < names?.count ?? 0 else { return nil }
    return statement.value(at: index)
  }

  /// The current row's text column without copying it into a `String`: the bytes are valid
  /// only inside `body`.
  /// - Parameters:
  ///   - index: The column, from 0.
  ///   - body: Reads the UTF-8 bytes (empty for `NULL`).
  /// - Returns: What `body` returns.
  /// - Throws: `.misuse` without a current row; what `body` throws.
  public func withUTF8<R>(
    at index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try checkRow()
    return try statement.withUTF8(at: index, body)
  }

  /// The current row, copied out of SQLite: safe to keep after the query is over.
  /// - Returns: The row.
  /// - Throws: `.misuse` without a current row.
  public func row() throws(DatabaseError) -> Row {
    let names = self.names ?? []
    var values: [DatabaseValue] = []
    values.reserveCapacity(names.count)
    try appendValues(to: &values)
    return Row(columnNames: names, values: values)
  }

  // MARK: - For the query functions and the row decoder

  /// Appends the current row's values, in column order.
  func appendValues(to values: inout [DatabaseValue]) throws(DatabaseError) {
    try checkRow()
    for index in 0..<(names?.count ?? 0) { values.append(statement.value(at: index)) }
  }

  /// Ends the query: later calls fail with `.misuse`.
  func close() {
    isOver = true
    hasRow = false
  }

  /// The column called `name`, remembered by the order of lookups within a row.
  func slotIndex(of name: String) -> Int? {
    let slot = nextSlot
    nextSlot += 1
    if slot < slots.count, slots[slot].name == name { return slots[slot].index }
    let index = columnLookup().index(of: name)
    if slot < slots.count {
      slots[slot] = (name, index)
    } else if slots.count < 256 {
      slots.append((name, index))
    }
    return index
  }

  /// The name table of this query, made on first use.
  func columnLookup() -> ColumnLookup {
    if let lookup { return lookup }
    let made = ColumnLookup(names: names ?? [])
    lookup = made
    return made
  }

  /// The current row's value at `index`, checked.
  @usableFromInline
  func storedValue(at index: Int) throws(DatabaseError) -> DatabaseValue {
    try checkRow()
    guard index >= 0, index < names?.count ?? 0 else {
      throw DatabaseError(kind: .conversionFailed, message: "no column \(index) in the row")
    }
    return statement.value(at: index)
  }

  /// The current row's value of the column called `name`, checked.
  @usableFromInline
  func storedValue(named name: String) throws(DatabaseError) -> DatabaseValue {
    try checkRow()
    guard let index = slotIndex(of: name) else {
      throw DatabaseError(kind: .conversionFailed, message: "no column \(name) in the row")
    }
    return statement.value(at: index)
  }

  /// The error for a value that does not read as `wanted`.
  @usableFromInline
  func mismatch(column: String, stored: DatabaseValue, wanted: Any.Type) -> DatabaseError {
    .conversion(column: column, stored: stored, wanted: wanted, sql: statement.sql)
  }

  func checkRow() throws(DatabaseError) {
    try checkOpen()
    guard hasRow else {
      throw DatabaseError(
        kind: .misuse, message: "no current row: call next() and read while it returns true",
        sql: statement.sql)
    }
  }

  private func checkOpen() throws(DatabaseError) {
    guard !isOver else {
      throw DatabaseError(
        kind: .misuse, message: "the cursor's query is over: read rows inside withCursor",
        sql: statement.sql)
    }
  }
}

/// A query's column names by name: exact names first, then ASCII case-insensitive ones, as
/// SQLite compares them. Made once per query.
struct ColumnLookup {
  private var exact: [String: Int] = [:]
  private var folded: [String: Int] = [:]

  init(names: [String]) {
    for (index, name) in names.enumerated() {
      if exact[name] == nil { exact[name] = index }
      let lowered = name.lowercased()
      if folded[lowered] == nil { folded[lowered] = index }
    }
  }

  func index(of name: String) -> Int? {
    exact[name] ?? folded[name.lowercased()]
  }
}

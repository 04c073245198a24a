import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// A compiled SQL statement, reusable for many executions: the fast path for bulk work.
///
/// Get one from ``Connection/prepare(_:)`` inside ``Database/withConnection(_:)`` or a
/// transaction, and do not let it outlive that closure: like its connection, it must only be
/// used while the database's lock is held. Values are bound in one of two ways:
/// - statically typed, as a parameter pack (``execute(_:)``, ``bind(_:)``): the caller's
///   module specializes the call for its own types, so a loop boxes nothing and allocates
///   nothing per row;
/// - an array built at run time (``execute(arguments:)``, ``bind(arguments:)``), each value
///   read through its ``DatabaseValueConvertible/databaseValue``.
///
/// ```swift
/// try db.transaction { conn in
///   let insert = try conn.prepare("INSERT INTO points (id, label, score) VALUES (?, ?, ?)")
///   for point in points { try insert.execute(point.id, point.label, point.score) }
/// }
/// try db.withConnection { conn in
///   let select = try conn.prepare("SELECT id, score FROM points WHERE score > ?")
///   try select.bind(0.5)
///   while try select.step() { total += select.double(at: 1) }
/// }
/// ```
public final class Statement {
  @usableFromInline let handle: OpaquePointer
  /// The SQL text this statement was compiled from.
  public let sql: String
  @usableFromInline let parameterCount: Int32
  /// The handle of the connection it was compiled on.
  @usableFromInline let connection: OpaquePointer
  /// How the rows it changes are counted.
  @usableFromInline let kind: StatementKind
  /// Whether a use of the connection's cache holds it (between `Connection.checkOut(_:)` and
  /// `Connection.checkIn(_:)`): while it does, no other use is given it.
  var isCheckedOut = false

  init(handle: OpaquePointer, sql: String, connection: OpaquePointer) {
    self.handle = handle
    self.sql = sql
    self.parameterCount = sqlite3_bind_parameter_count(handle)
    self.connection = connection
    self.kind = StatementKind(sql: sql)
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// The names of the result columns, as `AS` or the table gives them. Read afresh each time:
  /// SQLite recompiles a statement after a schema change, which can change its columns.
  public var columnNames: [String] {
    (0..<sqlite3_column_count(handle)).map { column in
      sqlite3_column_name(handle, column).map { String(cString: $0) } ?? ""
    }
  }

  /// Resets the statement, binds `values` to its `?` parameters in order, runs it to the end
  /// and discards any rows it returns.
  ///
  /// ```swift
  /// try insert.execute(Int64(7), "seven", 7.5, String?.none)   // the last one binds NULL
  /// ```
  /// - Parameter values: One value per parameter, each bound as itself (no `[Any]` boxing);
  ///   an `Optional` that is `nil` binds `NULL`.
  /// - Throws: ``DatabaseError`` `.misuse` when the count of values is not the count of
  ///   parameters; the SQLite failure otherwise (e.g. `.constraintViolation`).
  @inlinable
  public func execute<each Value: DatabaseValueConvertible>(
    _ values: repeat each Value
  ) throws(DatabaseError) {
    try bind(repeat each values)
    try runToEnd()
  }

  /// Like ``execute(_:)`` with the values in an array, for argument lists built at run time.
  /// - Parameter arguments: One value per parameter; `nil` binds `NULL`.
  /// - Throws: ``DatabaseError`` as ``execute(_:)`` does.
  public func execute(arguments: [(any DatabaseValueConvertible)?]) throws(DatabaseError) {
    try bind(arguments: arguments)
    try runToEnd()
  }

  /// Resets the statement and binds `values` to its `?` parameters in order, ready for
  /// ``step()``.
  /// - Parameter values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  /// - Throws: ``DatabaseError`` `.misuse` when the count of values is not the count of
  ///   parameters, `.conversionFailed` when SQLite refuses a value (too big).
  // Inlinable so that the caller's module specializes the pack for its concrete types: each
  // value goes to its `sqlite3_bind_*` call with no witness-table call and no boxing.
  @inlinable
  public func bind<each Value: DatabaseValueConvertible>(
    _ values: repeat each Value
  ) throws(DatabaseError) {
    sqlite3_reset(handle)
    try bindRewound(repeat each values)
  }

  /// Like ``bind(_:)`` with the values in an array, for argument lists built at run time.
  /// - Parameter arguments: One value per parameter; `nil` binds `NULL`.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` does.
  public func bind(arguments: [(any DatabaseValueConvertible)?]) throws(DatabaseError) {
    sqlite3_reset(handle)
    try bindRewound(arguments: arguments)
  }

  /// Advances to the next result row.
  /// - Returns: `true` when a row is available to the column readers, `false` when the
  ///   statement has finished.
  /// - Throws: ``DatabaseError`` for any SQLite failure while running the statement.
  @inlinable
  public func step() throws(DatabaseError) -> Bool {
    let code = sqlite3_step(handle)
    if code == SQLITE_ROW { return true }
    if code == SQLITE_DONE { return false }
    throw failure(code)
  }

  /// Rewinds the statement so it can run again and releases what it holds on the file; the
  /// bound values stay.
  public func reset() {
    sqlite3_reset(handle)
  }

  @inlinable
  func runToEnd() throws(DatabaseError) {
    while try step() {}
  }

  @usableFromInline
  func countMismatch(_ given: Int) -> DatabaseError {
    DatabaseError(
      kind: .misuse,
      message: "the statement has \(parameterCount) parameters but \(given) values were given",
      sql: sql)
  }

  @usableFromInline
  func failure(_ code: Int32) -> DatabaseError {
    DatabaseError.sqlite(code, connection: connection, sql: sql)
  }
}

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
/// used while the database's lock is held. Binding takes the values as generic arguments
/// (specialized in the caller for up to six values, a parameter pack beyond), so a loop boxes
/// nothing, allocates nothing per row and looks nothing up by name.
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
  let connection: OpaquePointer
  /// Reads argument arrays in place; `nil` where their layout is not the one it reads.
  let argumentReader: ArgumentList.Reader?
  /// How the rows it changes are counted.
  let kind: StatementKind
  /// Whether its connection will drop its bound values when its lock is let go.
  var holdsBindings = false
  /// Whether a cursor is reading it (from the connection's cache): no other use may take it.
  var isReading = false

  init(handle: OpaquePointer, sql: String, connection: OpaquePointer) {
    self.handle = handle
    self.sql = sql
    self.parameterCount = sqlite3_bind_parameter_count(handle)
    self.connection = connection
    self.argumentReader = ArgumentList.reader
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
  /// - Parameter values: One value per parameter, each bound as itself (no `[Any]` boxing).
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

  // Inlinable so that the caller's module specializes the pack for its concrete types: no
  // runtime tuple metadata, no witness-table calls, no boxing, per value.

  /// Resets the statement and binds `values` to its `?` parameters in order, ready for
  /// ``step()``.
  /// - Parameter values: One value per parameter.
  /// - Throws: ``DatabaseError`` `.misuse` when the count of values is not the count of
  ///   parameters, `.conversionFailed` when SQLite refuses a value (too big).
  @inlinable
  public func bind<each Value: DatabaseValueConvertible>(
    _ values: repeat each Value
  ) throws(DatabaseError) {
    sqlite3_reset(handle)
    var index: Int32 = 0
    repeat try bindNext(each values, index: &index)
    if index != parameterCount { throw countMismatch(index) }
  }

  @inlinable @inline(__always)
  func bindNext<Value: DatabaseValueConvertible>(
    _ value: Value, index: inout Int32
  ) throws(DatabaseError) {
    index += 1
    try bindConverted(value, at: index)
  }

  /// Like ``bind(_:)`` with the values in an array, for argument lists built at run time.
  /// - Parameter arguments: One value per parameter; `nil` binds `NULL`.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` does.
  @inlinable
  public func bind(arguments: [(any DatabaseValueConvertible)?]) throws(DatabaseError) {
    // The array is only lent, never kept, so the caller can build it on its stack.
    try arguments.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in
      try bind(argumentsIn: buffer)
    }
  }

  @usableFromInline
  func bind(argumentsIn buffer: UnsafeBufferPointer<ArgumentList.Argument>) throws(DatabaseError) {
    sqlite3_reset(handle)
    try core.bind(buffer, reader: argumentReader, sql: sql)
  }

  /// What running it with an argument array needs, as plain values.
  var core: StatementCore {
    StatementCore(
      handle: handle, connection: connection, parameterCount: parameterCount, kind: kind)
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

  @inlinable
  func reset(expecting count: Int32) throws(DatabaseError) {
    sqlite3_reset(handle)
    if count != parameterCount { throw countMismatch(count) }
  }

  @usableFromInline
  func countMismatch(_ bound: Int32) -> DatabaseError {
    core.countMismatch(bound, sql: sql)
  }

  @usableFromInline
  func failure(_ code: Int32) -> DatabaseError {
    core.failure(code, sql)
  }
}

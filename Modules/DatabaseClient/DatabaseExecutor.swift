import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Something that runs SQL: a ``Database``, which takes its lock for each call, or the
/// ``Connection`` handed to a closure that already holds it. Code that takes
/// `some DatabaseExecutor` works both on its own and as part of a caller's transaction.
///
/// Arguments fill the `?` parameters in order and are always bound, never spliced into the
/// SQL text. Statements run through these operations are compiled once and cached.
///
/// ```swift
/// func save(_ user: User, in db: some DatabaseExecutor) throws {
///   try db.execute(
///     "INSERT OR REPLACE INTO users (id, email, name) VALUES (?, ?, ?)",
///     [user.id, user.email, user.name])
/// }
/// ```
public protocol DatabaseExecutor {
  /// Runs `body` with exclusive use of the connection.
  /// - Parameter body: The work; it must not keep the connection after returning.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func withConnection<R, E: Error>(_ body: (Connection) throws(E) -> R) throws(E) -> R
}

extension DatabaseExecutor {
  /// Runs one SQL statement with arguments, discarding any rows it returns.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The number of rows the statement inserted, updated or deleted (0 for others).
  /// - Throws: ``DatabaseError``, e.g. `.constraintViolation`, or `.misuse` for a wrong count
  ///   of arguments or more than one statement.
  // Inlinable, and the array only lent as a buffer to one call, so that on a `Connection` the
  // caller's module sees the whole use of `arguments` and keeps the array literal on its
  // stack: the everyday insert allocates nothing per call. That call runs the statement it
  // ran last (the usual loop) without looking in the cache, and reads `Int64`, `Int`,
  // `Double` and `String` arguments by their type, with no witness call (see ArgumentList).
  @inlinable @discardableResult
  public func execute(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []
  ) throws(DatabaseError) -> Int {
    try withConnection { connection throws(DatabaseError) in
      try arguments.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in
        try connection.execute(sql, argumentsIn: buffer)
      }
    }
  }

  /// Runs several SQL statements separated by semicolons, without arguments: for schema
  /// scripts in migrations.
  /// - Parameter sql: The statements.
  /// - Throws: ``DatabaseError`` for the first statement that fails; the ones before it stay
  ///   done unless the call is inside a transaction that then rolls back.
  public func executeScript(_ sql: String) throws(DatabaseError) {
    try withConnection { connection throws(DatabaseError) in try connection.runScript(sql) }
  }

  /// Runs a query and reads every row.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The rows, in the order SQLite returned them.
  /// - Throws: ``DatabaseError``.
  public func query(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []
  ) throws(DatabaseError) -> [Row] {
    try withCursor(sql, arguments) { cursor throws(DatabaseError) in
      // Every value in one array the rows share: no allocation per row.
      var values: [DatabaseValue] = []
      var rowCount = 0
      while try cursor.next() {
        try cursor.appendValues(to: &values)
        rowCount += 1
      }
      guard rowCount > 0 else { return [] }
      let names = try cursor.columnNames()
      let shared = SharedValues(columnNames: names, values: values)
      let width = names.count
      return (0..<rowCount).map { Row(shared: shared, start: $0 * width, count: width) }
    }
  }

  /// Runs a query and reads its first row.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``.
  public func queryOne(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = []
  ) throws(DatabaseError) -> Row? {
    try withCursor(sql, arguments) { cursor throws(DatabaseError) in
      try cursor.next() ? try cursor.row() : nil
    }
  }

  /// Runs a query and decodes every row into `T`, matching coding keys to column names (once
  /// per query, not once per row), reading each column straight from SQLite.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: One value per row.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  // Inlinable so that the caller's module specializes the array for `T`: unspecialized, each
  // append looks up the metadata of `[T]`.
  @inlinable
  public func fetchAll<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> [T] {
    var decoded: [T] = []
    try forEach(T.self, sql, arguments, keyDecoding: keyDecoding) {
      value throws(DatabaseError) in
      decoded.append(value)
      return true
    }
    return decoded
  }

  /// Runs a query and decodes its first row into `T`.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: The decoded first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when the row does not decode.
  public func fetchOne<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> T? {
    try withCursor(sql, arguments) { cursor throws(DatabaseError) in
      guard try cursor.next() else { return nil }
      return try CursorRowDecoder(cursor: cursor, keyDecoding: keyDecoding).decode(T.self)
    }
  }
}



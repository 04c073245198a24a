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
/// SQL text. Each operation takes them in one of two forms:
/// - **statically typed**, one argument per parameter after the SQL (a parameter pack):
///   `db.execute(sql, id, name, score)`. The compiler checks each type, and the call binds
///   each value straight to SQLite with nothing boxed;
/// - **an array** built at run time, `db.execute(sql, arguments)` with
///   `[(any DatabaseValueConvertible)?]`, each value read through its `databaseValue`.
///
/// An `Optional` argument binds `NULL` when it is `nil` (`String?.none` in the pack form,
/// `nil` in an array). Statements run through these operations are compiled once and cached;
/// a statement in use belongs to that use alone until it ends, so any call made inside a
/// transaction, a cursor's loop or a value's `databaseValue` is safe, whatever its SQL.
///
/// ```swift
/// func save(_ user: User, in db: some DatabaseExecutor) throws {
///   try db.execute(
///     "INSERT OR REPLACE INTO users (id, email, name) VALUES (?, ?, ?)",
///     user.id, user.email, user.name)
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
  /// Runs one SQL statement with statically typed arguments, discarding any rows it returns.
  ///
  /// ```swift
  /// try db.execute("INSERT INTO items (id, name, score) VALUES (?, ?, ?)", id, name, 0.5)
  /// ```
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  /// - Returns: The number of rows the statement inserted, updated or deleted (0 for others).
  /// - Throws: ``DatabaseError``, e.g. `.constraintViolation`, or `.misuse` for a wrong count
  ///   of values or more than one statement.
  // Inlinable so that the caller's module specializes the pack: each value goes straight to
  // its `sqlite3_bind_*` call.
  @inlinable @discardableResult
  public func execute<each Value: DatabaseValueConvertible>(
    _ sql: String, _ values: repeat each Value
  ) throws(DatabaseError) -> Int {
    try withStatement(sql) { (statement) throws(DatabaseError) in
      try statement.bindRewound(repeat each values)
      return try statement.runCountingChanges()
    }
  }

  /// Runs one SQL statement with an argument array built at run time, discarding any rows it
  /// returns.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The number of rows the statement inserted, updated or deleted (0 for others).
  /// - Throws: ``DatabaseError``, e.g. `.constraintViolation`, or `.misuse` for a wrong count
  ///   of arguments or more than one statement.
  // Inlinable, so that the caller's module sees the whole use of `arguments` and can keep an
  // array literal on its stack: the everyday insert then allocates nothing per call.
  @inlinable @discardableResult
  public func execute(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
  ) throws(DatabaseError) -> Int {
    try withStatement(sql) { (statement) throws(DatabaseError) in
      try statement.bindRewound(arguments: arguments)
      return try statement.runCountingChanges()
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

  /// One use of the cached statement for `sql`: taken for this use alone, handed to `body`
  /// rewound and with nothing bound, given back (rewound, its values cleared) when `body`
  /// ends, however it ends.
  @inlinable
  func withStatement<R>(
    _ sql: String, _ body: (Statement) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try withConnection { connection throws(DatabaseError) in
      let statement = try connection.checkOut(sql)
      defer { connection.checkIn(statement) }
      return try body(statement)
    }
  }
}

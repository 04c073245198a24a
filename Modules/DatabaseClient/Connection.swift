import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The one SQLite connection of a ``Database``, handed to closures that run while the
/// database's lock is held (``Database/withConnection(_:)``, ``DatabaseExecutor/transaction(_:)``).
///
/// It has every ``DatabaseExecutor`` operation plus the fast path (``prepare(_:)``), the last
/// inserted row id, and nested transactions. Do not keep it, or a ``Statement`` made from it,
/// after the closure returns: it is only safe under the lock.
///
/// ```swift
/// let id = try db.withConnection { conn in
///   try conn.execute("INSERT INTO notes (body) VALUES (?)", body)
///   return conn.lastInsertedRowID
/// }
/// ```
public final class Connection {
  @usableFromInline let handle: OpaquePointer
  /// Compiled statements by SQL, for the operations of ``DatabaseExecutor``. A use takes one
  /// with `checkOut(_:)` and gives it back with `checkIn(_:)`; meanwhile no other use, nested
  /// or not, is given it, and the use's own reference keeps it alive (and not finalized) even
  /// when the cache is emptied under it.
  private var cache: [String: Statement] = [:]
  /// The statement of the latest `checkOut(_:)` from the cache: a loop that runs the same SQL
  /// over and over (one insert per row) finds it without hashing the SQL text, and when the
  /// caller passes the same string each time, `==` sees the same storage and is immediate.
  private var latest: Statement?
  var savepointDepth = 0

  /// The most statements kept compiled for reuse; past it the cache starts over, so SQL built
  /// at run time cannot grow it without bound.
  package static let cacheLimit = 64

  /// Opens a connection.
  /// - Parameters:
  ///   - path: The file, which ``Database`` has already created 0600 when `onDisk`, or
  ///     `":memory:"`.
  ///   - onDisk: Whether `path` is a file: SQLite then must not create it (it would use the
  ///     umask's mode) nor follow a symbolic link to it.
  ///   - busyTimeout: How long to wait for another process's lock.
  init(path: String, onDisk: Bool, busyTimeout: Duration) throws(DatabaseError) {
    var opened: OpaquePointer?
    let flags =
      SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
      | (onDisk ? SQLITE_OPEN_NOFOLLOW : SQLITE_OPEN_CREATE)
    let code = sqlite3_open_v2(path, &opened, flags, nil)
    guard let opened else {
      throw DatabaseError(kind: .cannotOpen, message: "SQLite could not allocate a connection")
    }
    // From here on every stored property is set, so a throw releases `self` and `deinit`
    // closes the handle: closing it here too would close it twice.
    handle = opened
    guard code == SQLITE_OK else {
      throw DatabaseError.sqlite(code, connection: opened, sql: nil)
    }
    sqlite3_extended_result_codes(opened, 1)
    sqlite3_busy_timeout(opened, Self.milliseconds(busyTimeout))
    // Reading the header first makes a file that is not a database fail here, at open,
    // and before anything below could try to write to it.
    try runScript("PRAGMA schema_version")
    try runScript("PRAGMA journal_mode = WAL")
    try runScript("PRAGMA synchronous = NORMAL")
    try runScript("PRAGMA foreign_keys = ON")
  }

  /// `duration` in whole milliseconds, clamped to what `sqlite3_busy_timeout` takes (a
  /// negative one means no waiting).
  private static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    let limit = Int64(Int32.max) / 1000
    if seconds >= limit { return Int32.max }
    if seconds < 0 { return 0 }
    return Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000)
  }

  deinit {
    latest = nil
    cache.removeAll()
    sqlite3_close_v2(handle)
  }

  /// The rowid of the last row inserted on this connection (0 before any insert).
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Compiles `sql` into a statement of its own, for a loop that runs it many times.
  /// - Parameter sql: Exactly one SQL statement with `?` parameters.
  /// - Returns: The statement; finalized when released.
  /// - Throws: ``DatabaseError`` for invalid SQL, `.misuse` for empty SQL or more than one
  ///   statement.
  public func prepare(_ sql: String) throws(DatabaseError) -> Statement {
    var compiled: OpaquePointer?
    var extra = false
    let code = sql.withCString { text in
      var tail: UnsafePointer<CChar>?
      let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
      let code = sqlite3_prepare_v3(handle, text, -1, flags, &compiled, &tail)
      if code == SQLITE_OK, let tail { extra = Self.hasStatement(in: tail, handle: handle) }
      return code
    }
    guard code == SQLITE_OK else { throw DatabaseError.sqlite(code, connection: handle, sql: sql) }
    guard let compiled else {
      throw DatabaseError(kind: .misuse, message: "the SQL holds no statement", sql: sql)
    }
    guard !extra else {
      sqlite3_finalize(compiled)
      throw DatabaseError(
        kind: .misuse,
        message: "the SQL holds more than one statement; use executeScript(_:) for scripts",
        sql: sql)
    }
    return Statement(handle: compiled, sql: sql, connection: handle)
  }

  /// Whether `tail` holds another statement (not only spaces, semicolons and comments).
  private static func hasStatement(in tail: UnsafePointer<CChar>, handle: OpaquePointer) -> Bool {
    var rest: UnsafePointer<CChar>? = tail
    while let text = rest, text.pointee != 0 {
      var next: OpaquePointer?
      var after: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v2(handle, text, -1, &next, &after)
      if let next {
        sqlite3_finalize(next)
        return true
      }
      // A syntax error in the tail is still something that would have been silently dropped.
      if code != SQLITE_OK { return true }
      rest = after
    }
    return false
  }

  /// Takes the statement for `sql` for one use, until `checkIn(_:)`: the cached one when no
  /// other use holds it, else one of its own (a cursor further out reading the same SQL, or a
  /// value's `databaseValue` running it while the outer use binds), which the cache never
  /// sees and which is finalized when that use lets go of it.
  /// - Parameter sql: Exactly one SQL statement.
  /// - Returns: A rewound statement with no value bound, held by nobody else.
  /// - Throws: ``DatabaseError`` for invalid SQL.
  // Not inlinable: kept inside this module, where the compiler sees every access to
  // `latest` and `isCheckedOut` and needs no run-time exclusivity check for them.
  @usableFromInline
  func checkOut(_ sql: String) throws(DatabaseError) -> Statement {
    if let latest, !latest.isCheckedOut, latest.sql == sql {
      latest.isCheckedOut = true
      return latest
    }
    return try checkOutFromCache(sql)
  }

  private func checkOutFromCache(_ sql: String) throws(DatabaseError) -> Statement {
    if let cached = cache[sql] {
      guard !cached.isCheckedOut else { return try prepare(sql) }
      cached.isCheckedOut = true
      latest = cached
      return cached
    }
    let statement = try prepare(sql)
    if cache.count >= Self.cacheLimit {
      // Statements in use stay alive through their users' references.
      cache.removeAll(keepingCapacity: true)
    }
    cache[sql] = statement
    statement.isCheckedOut = true
    latest = statement
    return statement
  }

  /// Ends a use that `checkOut(_:)` began: rewinds the statement and clears its bound values
  /// (which can be secrets), so nothing a use bound is left in SQLite's memory after it.
  /// - Parameter statement: What `checkOut(_:)` returned for this use.
  @usableFromInline
  func checkIn(_ statement: Statement) {
    sqlite3_reset(statement.handle)
    sqlite3_clear_bindings(statement.handle)
    statement.isCheckedOut = false
  }

  /// The statement the cache holds for `sql`, if any, without taking it: for tests.
  package func cachedStatement(for sql: String) -> Statement? {
    cache[sql]
  }

  /// How many compiled statements the cache holds now.
  package var cachedStatementCount: Int { cache.count }

  /// Runs `sql` (possibly several statements) without arguments, discarding rows.
  func runScript(_ sql: String) throws(DatabaseError) {
    let code = sqlite3_exec(handle, sql, nil, nil, nil)
    guard code == SQLITE_OK else { throw DatabaseError.sqlite(code, connection: handle, sql: sql) }
  }
}

extension Connection: DatabaseExecutor {
  /// Runs `body` with this connection, which the caller already holds.
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @inlinable @discardableResult
  public func withConnection<R, E: Error>(_ body: (Connection) throws(E) -> R) throws(E) -> R {
    try body(self)
  }
}

@available(*, unavailable, message: "a Connection is only safe under its Database's lock")
extension Connection: Sendable {}

@available(*, unavailable, message: "a Statement is only safe under its Database's lock")
extension Statement: Sendable {}

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

extension DatabaseExecutor {
  /// Runs `body` in a transaction: it commits when `body` returns and rolls back when `body`
  /// throws, so either all of its changes are kept or none.
  ///
  /// Transactions nest: called while a transaction is already open on the connection (from
  /// inside another `transaction` closure, or on a `Database` from the thread that holds it),
  /// it opens a savepoint instead. The savepoint is released into the outer transaction when
  /// `body` returns and rolled back to when it throws; only the outermost transaction commits.
  /// An inner failure the outer closure catches therefore undoes the inner changes alone.
  ///
  /// The outermost transaction is `BEGIN IMMEDIATE`: it takes the write lock at once (waiting
  /// up to the busy timeout), so it cannot fail half-way for lack of a lock.
  ///
  /// ```swift
  /// try db.transaction { tx in
  ///   try tx.execute("INSERT INTO orders (id, status) VALUES (?, ?)", order.id, "placed")
  ///   try tx.execute("UPDATE users SET open_order = ? WHERE id = ?", order.id, user.id)
  /// }
  /// ```
  /// - Parameter body: The work, given the connection to run it on.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws (after rolling back), or ``DatabaseError`` when the
  ///   transaction cannot begin or commit (after rolling back).
  @discardableResult
  public func transaction<R>(_ body: (Connection) throws -> R) throws -> R {
    try withConnection { connection in try connection.inTransaction(body) }
  }
}

extension Connection {
  /// Whether a transaction is open on the connection, whoever opened it.
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

  fileprivate func inTransaction<R>(_ body: (Connection) throws -> R) throws -> R {
    guard isInTransaction else {
      try run("BEGIN IMMEDIATE")
      do {
        let result = try body(self)
        try run("COMMIT")
        return result
      } catch {
        // SQLite rolls back by itself after some failures (a full disk, …); only roll back
        // what is still open.
        if isInTransaction { try? run("ROLLBACK") }
        throw error
      }
    }
    savepointDepth += 1
    defer { savepointDepth -= 1 }
    let name = "database_client_\(savepointDepth)"
    try run("SAVEPOINT \(name)")
    do {
      let result = try body(self)
      try run("RELEASE \(name)")
      return result
    } catch {
      if isInTransaction {
        try? run("ROLLBACK TO \(name)")
        try? run("RELEASE \(name)")
      }
      throw error
    }
  }

  /// Runs a transaction-control statement through the cache (few, fixed texts).
  private func run(_ sql: String) throws(DatabaseError) {
    let statement = try checkOut(sql)
    defer { checkIn(statement) }
    try statement.runToEnd()
  }
}

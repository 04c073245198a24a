#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// What running a compiled statement with an argument array needs, as plain values: its
/// handle and its connection's, how many parameters it has and how to count the rows it
/// changes. ``Statement`` makes one on demand; the connection keeps the one of the
/// statement it ran last, so running that SQL again touches no object (see
/// `Connection.execute(_:argumentsIn:)`).
///
/// It does not own the handle: whoever keeps it must also keep its ``Statement`` alive.
struct StatementCore {
  let handle: OpaquePointer
  /// The handle of the connection it was compiled on.
  let connection: OpaquePointer
  let parameterCount: Int32
  let kind: StatementKind

  /// Binds an argument array to a statement already rewound.
  /// - Parameters:
  ///   - buffer: One value per parameter; `nil` binds `NULL`.
  ///   - reader: Reads the arguments in place; `nil` where their layout is not the one it
  ///     reads.
  ///   - sql: The SQL as the caller gave it, for an error.
  /// - Throws: ``DatabaseError`` `.misuse` for a wrong count of values, `.conversionFailed`
  ///   when SQLite refuses a value (too big).
  @inline(__always)
  func bind(
    _ buffer: UnsafeBufferPointer<ArgumentList.Argument>, reader: ArgumentList.Reader?,
    sql: String
  ) throws(DatabaseError) {
    guard buffer.count == Int(parameterCount) else {
      throw countMismatch(Int32(clamping: buffer.count), sql: sql)
    }
    guard let reader else {
      for position in buffer.indices {
        let value = buffer[position]?.databaseValue ?? .null
        try check(Binding.value(value, at: Int32(position + 1), in: handle), sql)
      }
      return
    }
    // Each value read where the array holds it (see ArgumentList).
    for position in buffer.indices {
      let slot = ArgumentList.slot(buffer, at: position)
      let index = Int32(truncatingIfNeeded: position &+ 1)
      let code: Int32
      switch reader.kind(at: slot) {
      case .null: code = sqlite3_bind_null(handle, index)
      case .int64: code = sqlite3_bind_int64(handle, index, slot.load(as: Int64.self))
      case .int: code = sqlite3_bind_int64(handle, index, Int64(slot.load(as: Int.self)))
      case .double: code = sqlite3_bind_double(handle, index, slot.load(as: Double.self))
      case .string:
        code =
          ArgumentList.withText(at: slot) { Binding.text($0, at: index, in: handle) }
          ?? Binding.value(ArgumentList.value(buffer, at: position), at: index, in: handle)
      case .other:
        code = Binding.value(ArgumentList.value(buffer, at: position), at: index, in: handle)
      }
      try check(code, sql)
    }
  }

  /// Runs the bound statement to its end.
  /// - Parameter sql: The SQL as the caller gave it, for an error.
  /// - Returns: The rows it inserted, updated or deleted (0 for a statement that changes none).
  /// - Throws: ``DatabaseError`` for any SQLite failure while running it.
  @inline(__always)
  func runCountingChanges(sql: String) throws(DatabaseError) -> Int {
    switch kind {
    case .changesRows:
      try runToEnd(sql)
      return Int(sqlite3_changes(connection))
    case .measured:
      let before = sqlite3_total_changes(connection)
      try runToEnd(sql)
      guard sqlite3_total_changes(connection) != before else { return 0 }
      return Int(sqlite3_changes(connection))
    }
  }

  private func runToEnd(_ sql: String) throws(DatabaseError) {
    while true {
      let code = sqlite3_step(handle)
      if code == SQLITE_DONE { return }
      if code != SQLITE_ROW { throw failure(code, sql) }
    }
  }

  @inline(__always)
  private func check(_ code: Int32, _ sql: String) throws(DatabaseError) {
    if code != SQLITE_OK { throw failure(code, sql) }
  }

  /// The error for `given` values where the statement has `parameterCount` parameters.
  func countMismatch(_ given: Int32, sql: String) -> DatabaseError {
    DatabaseError(
      kind: .misuse,
      message: "the statement has \(parameterCount) parameters but \(given) values were given",
      sql: sql)
  }

  func failure(_ code: Int32, _ sql: String) -> DatabaseError {
    DatabaseError.sqlite(code, connection: connection, sql: sql)
  }
}

extension DatabaseExecutor {
  /// Runs a query and hands its rows to `body` one at a time through a ``RowCursor``,
  /// without building an array. The query ends when `body` returns, early or not: its cached
  /// statement is rewound for the next use, and the cursor refuses further reads.
  ///
  /// ```swift
  /// let emails = try db.withCursor("SELECT email FROM users ORDER BY email") { cursor in
  ///   var emails: [String] = []
  ///   while try cursor.next(), emails.count < 10 { emails.append(try cursor.get(0)) }
  ///   return emails   // the first ten; the rest are never read
  /// }
  /// ```
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - body: Reads the rows.
  /// - Returns: What `body` returns.
  /// - Throws: ``DatabaseError``, from SQLite or from `body`.
  public func withCursor<R>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    _ body: (RowCursor) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try withConnection { connection throws(DatabaseError) in
      let statement = try connection.cachedStatement(sql)
      connection.beginCursor(on: statement)
      defer { connection.endCursor(on: statement) }
      try arguments.withUnsafeBufferPointer { (buffer) throws(DatabaseError) in
        try statement.core.bind(buffer, reader: statement.argumentReader, sql: sql)
      }
      let cursor = RowCursor(statement: statement)
      defer { cursor.close() }
      return try body(cursor)
    }
  }

  /// Runs a query and decodes each row into `T` as it is read, handing the values to `body`
  /// one at a time: ``fetchAll(_:_:_:keyDecoding:)`` without the array. Each coding key is
  /// matched to its column once per query.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  ///   - body: Receives each value; return `false` to stop early.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  public func forEach<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?] = [],
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys,
    _ body: (T) throws(DatabaseError) -> Bool
  ) throws(DatabaseError) {
    try withCursor(sql, arguments) { cursor throws(DatabaseError) in
      let decoder = CursorRowDecoder(cursor: cursor, keyDecoding: keyDecoding)
      while try cursor.next() {
        guard try body(try decoder.decode(T.self)) else { return }
      }
    }
  }
}

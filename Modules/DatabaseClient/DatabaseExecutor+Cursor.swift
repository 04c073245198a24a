import Foundation

extension DatabaseExecutor {
  /// Runs a query with statically typed arguments and hands its rows to `body` one at a time
  /// through a ``RowCursor``, without building an array. The query ends when `body` returns,
  /// early or not: its statement is rewound for the next use, and the cursor refuses further
  /// reads.
  ///
  /// ```swift
  /// let emails = try db.withCursor("SELECT email FROM users WHERE type = ?", "admin") {
  ///   cursor in
  ///   var emails: [String] = []
  ///   while try cursor.next(), emails.count < 10 { emails.append(try cursor.get(0)) }
  ///   return emails   // the first ten; the rest are never read
  /// }
  /// ```
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  ///   - body: Reads the rows. It may use the database again, with any SQL.
  /// - Returns: What `body` returns.
  /// - Throws: ``DatabaseError``, from SQLite or from `body`.
  public func withCursor<each Value: DatabaseValueConvertible, R>(
    _ sql: String, _ values: repeat each Value,
    body: (RowCursor) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(repeat each values) }, body)
  }

  /// Runs a query with an argument array built at run time and hands its rows to `body` one
  /// at a time through a ``RowCursor``, as ``withCursor(_:_:body:)`` does.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - body: Reads the rows. It may use the database again, with any SQL.
  /// - Returns: What `body` returns.
  /// - Throws: ``DatabaseError``, from SQLite or from `body`.
  public func withCursor<R>(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
    _ body: (RowCursor) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(arguments: arguments) },
      body)
  }

  /// Runs a query with statically typed arguments and decodes each row into `T` as it is
  /// read, handing the values to `body` one at a time: `fetchAll` without the
  /// array. Each coding key is matched to its column once per query.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  ///   - body: Receives each value; return `false` to stop early.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  public func forEach<T: Decodable, each Value: DatabaseValueConvertible>(
    _ type: T.Type, _ sql: String, _ values: repeat each Value,
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys,
    body: (T) throws(DatabaseError) -> Bool
  ) throws(DatabaseError) {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(repeat each values) }
    ) { (cursor) throws(DatabaseError) in
      try cursor.decodeEach(T.self, keyDecoding: keyDecoding, body)
    }
  }

  /// Runs a query with an argument array built at run time and decodes each row into `T` as
  /// it is read, handing the values to `body` one at a time.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  ///   - body: Receives each value; return `false` to stop early.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  public func forEach<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys,
    _ body: (T) throws(DatabaseError) -> Bool
  ) throws(DatabaseError) {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(arguments: arguments) }
    ) { (cursor) throws(DatabaseError) in
      try cursor.decodeEach(T.self, keyDecoding: keyDecoding, body)
    }
  }

  /// One query: the statement for `sql` taken for this use alone, bound by `bind`, read by
  /// `body` through a cursor that refuses every read once `body` has returned.
  func withCursor<R>(
    _ sql: String, binding bind: (Statement) throws(DatabaseError) -> Void,
    _ body: (RowCursor) throws(DatabaseError) -> R
  ) throws(DatabaseError) -> R {
    try withStatement(sql) { (statement) throws(DatabaseError) in
      try bind(statement)
      let cursor = RowCursor(statement: statement)
      defer { cursor.close() }
      return try body(cursor)
    }
  }
}

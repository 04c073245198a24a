import Foundation

// The queries that read a whole result, each in the two argument forms of `DatabaseExecutor`:
// statically typed values (a parameter pack) and an array built at run time. Both forms bind
// and then read the same way (`RowCursor+Reading.swift`).

extension DatabaseExecutor {
  /// Runs a query with statically typed arguments and reads every row.
  ///
  /// ```swift
  /// let rows = try db.query("SELECT id, name FROM items WHERE score > ? AND kind = ?", 0.5, "a")
  /// ```
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  /// - Returns: The rows, in the order SQLite returned them.
  /// - Throws: ``DatabaseError``.
  public func query<each Value: DatabaseValueConvertible>(
    _ sql: String, _ values: repeat each Value
  ) throws(DatabaseError) -> [Row] {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(repeat each values) }
    ) { (cursor) throws(DatabaseError) in try cursor.readAll() }
  }

  /// Runs a query with an argument array built at run time and reads every row.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The rows, in the order SQLite returned them.
  /// - Throws: ``DatabaseError``.
  public func query(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
  ) throws(DatabaseError) -> [Row] {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(arguments: arguments) }
    ) { (cursor) throws(DatabaseError) in try cursor.readAll() }
  }

  /// Runs a query with statically typed arguments and reads its first row.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  /// - Returns: The first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``.
  public func queryOne<each Value: DatabaseValueConvertible>(
    _ sql: String, _ values: repeat each Value
  ) throws(DatabaseError) -> Row? {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(repeat each values) }
    ) { (cursor) throws(DatabaseError) in try cursor.readFirst() }
  }

  /// Runs a query with an argument array built at run time and reads its first row.
  /// - Parameters:
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  /// - Returns: The first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``.
  public func queryOne(
    _ sql: String, _ arguments: [(any DatabaseValueConvertible)?]
  ) throws(DatabaseError) -> Row? {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(arguments: arguments) }
    ) { (cursor) throws(DatabaseError) in try cursor.readFirst() }
  }

  /// Runs a query with statically typed arguments and decodes every row into `T`, matching
  /// coding keys to column names (once per query, not once per row), reading each column
  /// straight from SQLite.
  ///
  /// ```swift
  /// let items = try db.fetchAll(Item.self, "SELECT * FROM items WHERE score > ?", 0.5)
  /// ```
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: One value per row.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  // Inlinable so that the caller's module specializes the array for `T`: unspecialized, each
  // append looks up the metadata of `[T]`.
  @inlinable
  public func fetchAll<T: Decodable, each Value: DatabaseValueConvertible>(
    _ type: T.Type, _ sql: String, _ values: repeat each Value,
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> [T] {
    var decoded: [T] = []
    try forEach(T.self, sql, repeat each values, keyDecoding: keyDecoding) {
      value throws(DatabaseError) in
      decoded.append(value)
      return true
    }
    return decoded
  }

  /// Runs a query with an argument array built at run time and decodes every row into `T`,
  /// matching coding keys to column names once per query.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: One value per row.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when a row does not decode.
  @inlinable
  public func fetchAll<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
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

  /// Runs a query with statically typed arguments and decodes its first row into `T`.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - values: One value per parameter; an `Optional` that is `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: The decoded first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when the row does not decode.
  public func fetchOne<T: Decodable, each Value: DatabaseValueConvertible>(
    _ type: T.Type, _ sql: String, _ values: repeat each Value,
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> T? {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(repeat each values) }
    ) { (cursor) throws(DatabaseError) in try cursor.decodeFirst(T.self, keyDecoding: keyDecoding) }
  }

  /// Runs a query with an argument array built at run time and decodes its first row into
  /// `T`.
  /// - Parameters:
  ///   - type: The `Decodable` type of one row.
  ///   - sql: Exactly one statement with `?` parameters.
  ///   - arguments: One value per parameter; `nil` binds `NULL`.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: The decoded first row, or `nil` when there is none.
  /// - Throws: ``DatabaseError``; `.conversionFailed` when the row does not decode.
  public func fetchOne<T: Decodable>(
    _ type: T.Type, _ sql: String, _ arguments: [(any DatabaseValueConvertible)?],
    keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> T? {
    try withCursor(
      sql, binding: { (s) throws(DatabaseError) in try s.bindRewound(arguments: arguments) }
    ) { (cursor) throws(DatabaseError) in try cursor.decodeFirst(T.self, keyDecoding: keyDecoding) }
  }
}

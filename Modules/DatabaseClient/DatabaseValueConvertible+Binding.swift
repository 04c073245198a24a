#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

// How each value reaches SQLite. The everyday types (`Int64`, `Int`, `Double`, `String` and
// optionals of them) call their own `sqlite3_bind_*` function directly, so binding them makes
// no `DatabaseValue` on the way; the others bind their `databaseValue`.

extension DatabaseValueConvertible {
  /// Binds ``databaseValue``.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` when SQLite refuses the value.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try statement.check(Binding.value(databaseValue, at: index, in: statement.handle))
  }
}

extension DatabaseValueConvertible
where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
  /// Binds the raw value.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` when SQLite refuses the value.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try rawValue.bind(to: statement, at: index)
  }
}

extension Optional where Wrapped: DatabaseValueConvertible {
  /// Binds the wrapped value, or `NULL`.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` when SQLite refuses the value.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    guard let self else {
      return try statement.check(sqlite3_bind_null(statement.handle, index))
    }
    try self.bind(to: statement, at: index)
  }
}

extension Int64 {
  /// Binds the integer.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` `.misuse` for an index the statement does not have.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try statement.check(sqlite3_bind_int64(statement.handle, index, self))
  }
}

extension Int {
  /// Binds the integer.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` `.misuse` for an index the statement does not have.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try statement.check(sqlite3_bind_int64(statement.handle, index, Int64(self)))
  }
}

extension Double {
  /// Binds the real number (SQLite binds NaN as `NULL`).
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` `.misuse` for an index the statement does not have.
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try statement.check(sqlite3_bind_double(statement.handle, index, self))
  }
}

extension String {
  /// Binds the text as UTF-8, copied by SQLite from the string's own storage.
  /// - Parameters:
  ///   - statement: A statement, bound and run under its database's lock.
  ///   - index: The parameter, from 1.
  /// - Throws: ``DatabaseError`` `.conversionFailed` when SQLite refuses the text (too big).
  @inlinable
  public func bind(to statement: Statement, at index: Int32) throws(DatabaseError) {
    try statement.check(Binding.text(self, at: index, in: statement.handle))
  }
}

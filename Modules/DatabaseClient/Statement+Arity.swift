#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

// Fixed-arity overloads of `bind` and `execute` for one to six values. Swift prefers them to
// the parameter-pack versions, and unlike those (whose per-value loop the optimizer does not
// unroll in Swift 6.3) they specialize completely in the caller: each value goes straight to
// its `sqlite3_bind_*` call, with no witness-table call or copy. Larger counts use the packs.
extension Statement {
  /// Resets the statement and binds one value to its parameters, ready for ``step()``.
  /// - Parameter v1: The value of the statement's only parameter.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 1 parameter.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 1)
    try bindConverted(v1, at: 1)
  }

  /// Binds one value and runs the statement to the end, discarding rows.
  /// - Parameter v1: The value of the statement's only parameter.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1)
    try runToEnd()
  }

  /// Resets the statement and binds two values to its parameters, ready for ``step()``.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 2 parameters.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 2)
    try bindConverted(v1, at: 1)
    try bindConverted(v2, at: 2)
  }

  /// Binds two values and runs the statement to the end, discarding rows.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1, v2)
    try runToEnd()
  }

  /// Resets the statement and binds three values to its parameters, ready for ``step()``.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 3 parameters.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 3)
    try bindConverted(v1, at: 1)
    try bindConverted(v2, at: 2)
    try bindConverted(v3, at: 3)
  }

  /// Binds three values and runs the statement to the end, discarding rows.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1, v2, v3)
    try runToEnd()
  }

  /// Resets the statement and binds four values to its parameters, ready for ``step()``.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 4 parameters.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 4)
    try bindConverted(v1, at: 1)
    try bindConverted(v2, at: 2)
    try bindConverted(v3, at: 3)
    try bindConverted(v4, at: 4)
  }

  /// Binds four values and runs the statement to the end, discarding rows.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1, v2, v3, v4)
    try runToEnd()
  }

  /// Resets the statement and binds five values to its parameters, ready for ``step()``.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  ///   - v5: The value of parameter 5.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 5 parameters.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible,
    _ v5: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 5)
    try bindConverted(v1, at: 1)
    try bindConverted(v2, at: 2)
    try bindConverted(v3, at: 3)
    try bindConverted(v4, at: 4)
    try bindConverted(v5, at: 5)
  }

  /// Binds five values and runs the statement to the end, discarding rows.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  ///   - v5: The value of parameter 5.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible,
    _ v5: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1, v2, v3, v4, v5)
    try runToEnd()
  }

  /// Resets the statement and binds six values to its parameters, ready for ``step()``.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  ///   - v5: The value of parameter 5.
  ///   - v6: The value of parameter 6.
  /// - Throws: ``DatabaseError`` `.misuse` unless the statement has exactly 6 parameters.
  @inlinable
  public func bind(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible,
    _ v5: some DatabaseValueConvertible, _ v6: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try reset(expecting: 6)
    try bindConverted(v1, at: 1)
    try bindConverted(v2, at: 2)
    try bindConverted(v3, at: 3)
    try bindConverted(v4, at: 4)
    try bindConverted(v5, at: 5)
    try bindConverted(v6, at: 6)
  }

  /// Binds six values and runs the statement to the end, discarding rows.
  /// - Parameters:
  ///   - v1: The value of parameter 1.
  ///   - v2: The value of parameter 2.
  ///   - v3: The value of parameter 3.
  ///   - v4: The value of parameter 4.
  ///   - v5: The value of parameter 5.
  ///   - v6: The value of parameter 6.
  /// - Throws: ``DatabaseError`` as ``bind(_:)`` and ``step()`` do.
  @inlinable
  public func execute(
    _ v1: some DatabaseValueConvertible, _ v2: some DatabaseValueConvertible,
    _ v3: some DatabaseValueConvertible, _ v4: some DatabaseValueConvertible,
    _ v5: some DatabaseValueConvertible, _ v6: some DatabaseValueConvertible
  ) throws(DatabaseError) {
    try bind(v1, v2, v3, v4, v5, v6)
    try runToEnd()
  }
}

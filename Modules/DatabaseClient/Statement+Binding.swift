import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The `sqlite3_bind_*` calls for each kind of value. Each returns SQLite's result code.
@usableFromInline
enum Binding {
  /// Binds one value. Text and blobs are bound with `SQLITE_TRANSIENT` straight from their
  /// Swift storage: SQLite makes the only copy, so no Swift buffer has to outlive the call.
  @inlinable @inline(__always)
  static func value(_ value: DatabaseValue, at index: Int32, in handle: OpaquePointer) -> Int32 {
    switch value {
    case .null:
      return sqlite3_bind_null(handle, index)
    case .integer(let integer):
      return sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      return sqlite3_bind_double(handle, index, real)
    case .text(let text):
      return Binding.text(text, at: index, in: handle)
    case .blob(let data):
      return data.withUnsafeBytes { bytes in
        // A NULL pointer would bind NULL, so the empty blob is bound as a zero-length one.
        guard let base = bytes.baseAddress, bytes.count > 0 else {
          return sqlite3_bind_zeroblob(handle, index, 0)
        }
        return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), sqliteTransient)
      }
    }
  }

  /// Binds text as UTF-8, NUL characters included, copied by SQLite before it returns.
  @inlinable @inline(__always)
  static func text(_ text: String, at index: Int32, in handle: OpaquePointer) -> Int32 {
    // A native string lends its own UTF-8 (with the NUL after it that C expects); its byte
    // count is stored, so no byte is read twice.
    text.withCString {
      sqlite3_bind_text64(
        handle, index, $0, UInt64(text.utf8.count), sqliteTransient, UInt8(SQLITE_UTF8))
    }
  }
}

extension Statement {
  /// Binds `values` to a statement already rewound, in order.
  /// - Throws: ``DatabaseError`` `.misuse` for a wrong count of values, `.conversionFailed`
  ///   when SQLite refuses a value (too big).
  @inlinable
  func bindRewound<each Value: DatabaseValueConvertible>(
    _ values: repeat each Value
  ) throws(DatabaseError) {
    var index: Int32 = 0
    repeat try bindNext(each values, index: &index)
    if index != parameterCount { throw countMismatch(Int(index)) }
  }

  /// Binds `value` at the next index, counting values past the last parameter without binding
  /// them, so a wrong count is reported once, after the last value.
  @inlinable @inline(__always)
  func bindNext<Value: DatabaseValueConvertible>(
    _ value: Value, index: inout Int32
  ) throws(DatabaseError) {
    // Every value is counted (a pack's length is fixed in source, far below Int32.max).
    index += 1
    guard index <= parameterCount else { return }
    try value.bind(to: self, at: index)
  }

  /// Binds an argument array to a statement already rewound, each value through its
  /// `bind(to:at:)` (by default, its `databaseValue`).
  /// - Throws: ``DatabaseError`` as ``bindRewound(_:)`` does.
  @inlinable @inline(__always)
  func bindRewound(arguments: [(any DatabaseValueConvertible)?]) throws(DatabaseError) {
    guard arguments.count == Int(parameterCount) else { throw countMismatch(arguments.count) }
    // Each element used where the array holds it, through optional chaining: copying an
    // optional existential out of the array (`for argument in arguments`, or comparing it
    // with `nil`) goes through `Optional`'s generic value witnesses and costs more than the
    // binding itself.
    for position in arguments.indices {
      let index = Int32(truncatingIfNeeded: position &+ 1)
      let bound: Void? = try arguments[position]?.bind(to: self, at: index)
      if bound == nil { try check(sqlite3_bind_null(handle, index)) }
    }
  }

  /// Throws the error for a failed `sqlite3_bind_*` call's result code.
  @inlinable @inline(__always)
  func check(_ code: Int32) throws(DatabaseError) {
    if code != SQLITE_OK { throw failure(code) }
  }

  /// Runs the bound statement to its end.
  /// - Returns: The rows it inserted, updated or deleted (0 for a statement that changes none).
  /// - Throws: ``DatabaseError`` for any SQLite failure while running it.
  @inlinable
  func runCountingChanges() throws(DatabaseError) -> Int {
    switch kind {
    case .changesRows:
      try runToEnd()
      return Int(sqlite3_changes(connection))
    case .measured:
      let before = sqlite3_total_changes(connection)
      try runToEnd()
      guard sqlite3_total_changes(connection) != before else { return 0 }
      return Int(sqlite3_changes(connection))
    }
  }
}

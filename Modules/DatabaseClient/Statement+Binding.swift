import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// The `sqlite3_bind_*` calls for each kind of value, shared by ``Statement`` and the
/// connection's repeated-execute path (`StatementCore`). Each returns SQLite's result code.
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
    case .text(var text):
      return text.withUTF8 { Binding.text($0, at: index, in: handle) }
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

  /// Binds UTF-8 text, copied by SQLite before it returns.
  @inlinable @inline(__always)
  static func text(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, in handle: OpaquePointer
  ) -> Int32 {
    // A NULL pointer would bind NULL, so the empty string gets a real (empty) one.
    guard let base = bytes.baseAddress, bytes.count > 0 else {
      return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
    }
    return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
      sqlite3_bind_text64(
        handle, index, $0, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
    }
  }
}

extension Statement {
  /// Binds one value (see `Binding.value`).
  @inlinable @inline(__always)
  func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
    let code = Binding.value(value, at: index, in: handle)
    if code != SQLITE_OK { throw failure(code) }
  }

  /// Binds a value of a type known where the caller's module specializes this. A `String` is
  /// bound from where it is, without the copy that making a `DatabaseValue` of it takes.
  @inlinable @inline(__always)
  func bindConverted<Value: DatabaseValueConvertible>(
    _ value: Value, at index: Int32
  ) throws(DatabaseError) {
    if Value.self == String.self {
      let code = withUnsafePointer(to: value) {
        ArgumentList.withText(at: UnsafeRawPointer($0)) { Binding.text($0, at: index, in: handle) }
      }
      if let code {
        if code != SQLITE_OK { throw failure(code) }
        return
      }
    }
    try bind(value.databaseValue, at: index)
  }
}

import Foundation

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

extension Statement {
  /// Binds one value. Text and blobs are bound with `SQLITE_TRANSIENT` straight from their
  /// Swift storage: SQLite makes the only copy, so no Swift buffer has to outlive the call.
  @inlinable @inline(__always)
  func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(handle, index)
    case .integer(let integer):
      code = sqlite3_bind_int64(handle, index, integer)
    case .real(let real):
      code = sqlite3_bind_double(handle, index, real)
    case .text(var text):
      code = text.withUTF8 { bytes in
        // A NULL pointer would bind NULL, so the empty string gets a real (empty) one.
        guard let base = bytes.baseAddress, bytes.count > 0 else {
          return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(
            handle, index, $0, UInt64(bytes.count), sqliteTransient, UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      code = data.withUnsafeBytes { bytes in
        // A NULL pointer would bind NULL, so the empty blob is bound as a zero-length one.
        guard let base = bytes.baseAddress, bytes.count > 0 else {
          return sqlite3_bind_zeroblob(handle, index, 0)
        }
        return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), sqliteTransient)
      }
    }
    if code != SQLITE_OK { throw failure(code) }
  }
}

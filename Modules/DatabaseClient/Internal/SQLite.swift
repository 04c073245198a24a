#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Tells SQLite to copy text and blobs before a bind call returns, so a Swift buffer only has
/// to live for the duration of the call. The C macro `SQLITE_TRANSIENT` is not imported.
/// Computed rather than a global `let`, which would cost a `swift_once` check per bind.
@inlinable
var sqliteTransient: sqlite3_destructor_type {
  unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

extension DatabaseError {
  /// Builds the error for a failed SQLite call on `connection`.
  /// - Parameters:
  ///   - code: The (extended) result code the call returned.
  ///   - connection: The connection, whose last error message explains `code`.
  ///   - sql: The SQL being run, if any.
  static func sqlite(_ code: Int32, connection: OpaquePointer?, sql: String?) -> DatabaseError {
    let primary = code & 0xFF
    var message = String(cString: sqlite3_errstr(code))
    if let connection, sqlite3_errcode(connection) != SQLITE_OK {
      message = String(cString: sqlite3_errmsg(connection))
    }
    return DatabaseError(
      kind: kind(forPrimaryCode: primary), message: message, resultCode: primary,
      extendedResultCode: code, sql: sql)
  }

  private static func kind(forPrimaryCode code: Int32) -> Kind {
    switch code {
    case SQLITE_NOTADB, SQLITE_CORRUPT: .notADatabase
    case SQLITE_CANTOPEN, SQLITE_PERM, SQLITE_READONLY: .cannotOpen
    case SQLITE_CONSTRAINT: .constraintViolation
    case SQLITE_BUSY, SQLITE_LOCKED: .busy
    case SQLITE_MISUSE, SQLITE_RANGE: .misuse
    case SQLITE_MISMATCH, SQLITE_TOOBIG: .conversionFailed
    default: .sqlite
    }
  }
}

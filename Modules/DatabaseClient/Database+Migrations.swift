extension Database {
  /// Brings the schema up to date by applying, in order, the steps not applied yet.
  ///
  /// The version is kept in SQLite's `PRAGMA user_version` (so it is not free for other uses):
  /// the number of steps applied. Each step runs in its own transaction together with the
  /// version bump, so a step either completes and counts, or leaves no trace.
  /// - Parameter migrations: Every step of the schema's history, oldest first.
  /// - Returns: The version after migrating (`migrations.count`).
  /// - Throws: ``DatabaseError`` `.schemaTooNew` when the file is at a higher version than
  ///   `migrations.count` (written by a newer version of the code; nothing is changed);
  ///   `.migrationFailed` when a step throws (the steps before it stay applied).
  @discardableResult
  public func migrate(_ migrations: [Migration]) throws(DatabaseError) -> Int {
    try withConnection { connection throws(DatabaseError) in
      let current = try connection.schemaVersion()
      guard current <= migrations.count else {
        throw DatabaseError(
          kind: .schemaTooNew,
          message: "the database is at schema version \(current) but this code knows only "
            + "\(migrations.count) steps: it was written by a newer version of the app")
      }
      for (offset, migration) in migrations.enumerated().dropFirst(current) {
        try connection.apply(migration, becoming: offset + 1)
      }
      return migrations.count
    }
  }

  /// The schema version: the number of migration steps applied so far.
  /// - Returns: The version, 0 for a new database.
  /// - Throws: ``DatabaseError`` when SQLite cannot read it.
  public func schemaVersion() throws(DatabaseError) -> Int {
    try withConnection { connection throws(DatabaseError) in try connection.schemaVersion() }
  }
}

extension Connection {
  fileprivate func schemaVersion() throws(DatabaseError) -> Int {
    let row = try queryOne("PRAGMA user_version")
    return row?[0] as Int? ?? 0
  }

  fileprivate func apply(_ migration: Migration, becoming version: Int) throws(DatabaseError) {
    do {
      try transaction { connection in
        try migration.apply(connection)
        // PRAGMA takes no bound parameters; `version` is an Int this code computed.
        try connection.executeScript("PRAGMA user_version = \(version)")
      }
    } catch {
      let cause = error as? DatabaseError
      throw DatabaseError(
        kind: .migrationFailed,
        message: "migration step \(version) \"\(migration.name)\" failed: "
          + (cause?.message ?? String(describing: error)),
        resultCode: cause?.resultCode ?? 0, extendedResultCode: cause?.extendedResultCode ?? 0,
        sql: cause?.sql)
    }
  }
}

import DatabaseClient

/// The ride cache's tables inside a user's database, versioned on their own.
///
/// The user's database is shared with other features, so the cache does not claim
/// `PRAGMA user_version`: it keeps its layout version in a row of `ride_cache_meta`. Being a
/// cache, a layout it does not know (newer, or broken) is dropped and made anew, never
/// migrated by guesswork.
enum RideCacheSchema {
  /// Every layout step, oldest first; the version is the number applied. Only append.
  static let steps: [String] = [
    """
    CREATE TABLE ride_cache (
      ride_id TEXT PRIMARY KEY NOT NULL,
      requested_at REAL NOT NULL,
      updated_at REAL NOT NULL,
      body BLOB NOT NULL,
      cached_at REAL NOT NULL
    );
    CREATE INDEX ride_cache_by_requested_at ON ride_cache (requested_at DESC, ride_id);
    """
  ]

  /// Brings the tables to the latest layout.
  /// - Throws: `DatabaseError` when the tables cannot be read or made; `layoutTooNew` when a
  ///   newer app wrote them (the caller rebuilds).
  static func prepare(_ database: some DatabaseExecutor) throws {
    try database.transaction { connection in
      try connection.executeScript(
        """
        CREATE TABLE IF NOT EXISTS ride_cache_meta (
          name TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL)
        """)
      let row = try connection.queryOne(
        "SELECT value FROM ride_cache_meta WHERE name = 'layout'")
      let version: Int = row?["value"] ?? 0
      guard version <= steps.count else { throw LayoutTooNew(version: version) }
      for step in steps.dropFirst(version) { try connection.executeScript(step) }
      try connection.execute(
        "INSERT OR REPLACE INTO ride_cache_meta (name, value) VALUES ('layout', ?)",
        steps.count)
      // A table of the right name but another shape fails here, not on the first read.
      _ = try connection.query(
        "SELECT ride_id, requested_at, updated_at, body, cached_at FROM ride_cache LIMIT 0")
    }
  }

  /// Drops the cache's tables and makes them anew, empty.
  /// - Throws: `DatabaseError` when even that fails (the file itself is unusable).
  static func rebuild(_ database: some DatabaseExecutor) throws {
    try database.transaction { connection in
      try connection.executeScript(
        """
        DROP INDEX IF EXISTS ride_cache_by_requested_at;
        DROP TABLE IF EXISTS ride_cache;
        DROP TABLE IF EXISTS ride_cache_meta;
        """)
    }
    try prepare(database)
  }

  /// The cache's tables were written by a newer layout than this code knows.
  struct LayoutTooNew: Error, CustomStringConvertible {
    let version: Int
    var description: String {
      "the ride cache has layout \(version), newer than this app's \(steps.count)"
    }
  }
}

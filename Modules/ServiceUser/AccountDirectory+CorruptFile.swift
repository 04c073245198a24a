import DatabaseClient
import Foundation
import WireFormat

extension AccountDirectory {
  /// Renames a database file that SQLite refused as not a database, with its `-wal`, `-shm`
  /// and `-journal` files, to `<name>.corrupt-<UTC time>` beside it. It is kept rather than
  /// deleted because it may be wanted for a bug report, and because a wrong diagnosis must not
  /// cost data. A -wal left behind would be replayed into the fresh database, so failing to
  /// move one fails the whole open.
  /// - Throws: ``DatabaseError`` `.notADatabase` when the file cannot be moved (so the caller
  ///   reports the original problem instead of overwriting anything).
  static func moveAside(_ url: URL, at moment: Date) throws(DatabaseError) {
    do {
      try PrivateFiles.moveAside(
        url.path, reason: "corrupt", companions: Database.companionSuffixes, at: moment)
    } catch {
      throw DatabaseError(
        kind: .notADatabase,
        message: "\(url.lastPathComponent) is not a database and could not be moved aside "
          + "(\(error.reason))")
    }
  }
}

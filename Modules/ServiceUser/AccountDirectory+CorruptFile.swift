import DatabaseClient
import Foundation

extension AccountDirectory {
  /// Renames a database file that SQLite refused as not a database, with its `-wal` and
  /// `-shm` files, to `<name>.corrupt-<UTC time>` beside it. It is kept rather than deleted
  /// because it may be wanted for a bug report, and because a wrong diagnosis must not cost
  /// data.
  /// - Throws: ``DatabaseError`` `.notADatabase` when the file cannot be moved (so the caller
  ///   reports the original problem instead of overwriting anything).
  static func moveAside(_ url: URL, at moment: Date) throws(DatabaseError) {
    let files = FileManager.default
    let utc = TimeZone(secondsFromGMT: 0) ?? .current
    let stamp = moment.formatted(
      Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted, timeZone: utc))
    var suffix = ".corrupt-" + stamp
    if files.fileExists(atPath: url.path + suffix) {
      // A second corrupt file within the same second: never overwrite the first one.
      suffix += "-" + UUID().uuidString
    }
    // The main file first, so a failure to move it changes nothing. A -wal left behind would
    // be replayed into the fresh database, so failing to move one fails the whole open.
    for companion in ["", "-wal", "-shm"] {
      let source = url.path + companion
      guard files.fileExists(atPath: source) else { continue }
      do {
        try files.moveItem(atPath: source, toPath: url.path + suffix + companion)
      } catch {
        throw DatabaseError(
          kind: .notADatabase,
          message: "\(url.lastPathComponent) is not a database and could not be moved aside "
            + "(\(error.localizedDescription))")
      }
    }
  }
}

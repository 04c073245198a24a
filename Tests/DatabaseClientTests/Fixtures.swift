import DatabaseClient
import Foundation
import TestSupport

/// A fresh database file in a fresh folder; the folder goes when the test ends.
struct Fixture {
  let folder: TemporaryDirectory
  let path: String

  init(file: String = "test.sqlite") throws {
    folder = try TemporaryDirectory(prefix: "database-client")
    path = folder.path(file)
  }

  /// Opens the file with a `people` table (id, name, age, score, photo, born).
  func openWithPeople() throws -> Database {
    let db = try Database(path: path)
    try db.executeScript(
      """
      CREATE TABLE IF NOT EXISTS people (
        id INTEGER PRIMARY KEY, name TEXT, age INTEGER, score REAL, photo BLOB, born INTEGER
      );
      """)
    return db
  }
}

/// The `COUNT(*)` of `table`.
func count(_ table: String, in db: some DatabaseExecutor, where condition: String = "1")
  throws -> Int
{
  try db.queryOne("SELECT COUNT(*) FROM \(table) WHERE \(condition)")?[0] ?? -1
}

@testable import DatabaseClient
import Foundation
import Testing

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Arguments can be secrets: SQLite's copies of them must not outlive the database's lock.
@Suite("bound arguments leave SQLite's memory with the lock")
struct BindingReleaseTests {
  /// The statement's SQL with its current bindings spelled out by SQLite.
  static func expanded(_ statement: Statement) -> String {
    guard let text = sqlite3_expanded_sql(statement.handle) else { return "" }
    defer { sqlite3_free(text) }
    return String(cString: text)
  }

  @Test("after execute, query and a cursor, the cached statements hold no bound value")
  func released() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (secret TEXT)")
    let insert = "INSERT INTO t (secret) VALUES (?)"
    let select = "SELECT secret FROM t WHERE secret = ?"
    try db.execute(insert, ["hunter2-insert"])
    _ = try db.query(select, ["hunter2-query"])
    try db.withCursor(select, ["hunter2-cursor"]) { cursor throws(DatabaseError) in
      _ = try cursor.next()
    }
    let texts = try db.withConnection { connection in
      [try Self.expanded(connection.cachedStatement(insert)),
       try Self.expanded(connection.cachedStatement(select))]
    }
    for text in texts {
      #expect(!text.contains("hunter2"), "\(text)")
      #expect(text.contains("NULL"))
    }
  }

  @Test("inside one transaction the values stay bound between rows, and go at its end")
  func keptWhileLocked() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (secret TEXT)")
    let insert = "INSERT INTO t (secret) VALUES (?)"
    let during = try db.transaction { connection in
      try connection.execute(insert, ["row-1"])
      try connection.execute(insert, ["row-2"])
      return Self.expanded(try connection.cachedStatement(insert))
    }
    #expect(during.contains("'row-2'"))
    let after = try db.withConnection { connection in
      Self.expanded(try connection.cachedStatement(insert))
    }
    #expect(!after.contains("row-"))
    #expect(try db.query("SELECT secret FROM t").count == 2)
  }
}

@testable import DatabaseClient
import Foundation
import Testing

#if canImport(SQLite3)
  import SQLite3
#else
  import CSQLite
#endif

/// Arguments can be secrets: SQLite's copies of them must not outlive the use that bound them,
/// and so never the database's lock.
@Suite("bound arguments leave SQLite's memory when their use ends")
struct BindingReleaseTests {
  /// The statement's SQL with its current bindings spelled out by SQLite.
  static func expanded(_ statement: Statement?) -> String {
    guard let statement, let text = sqlite3_expanded_sql(statement.handle) else { return "" }
    defer { sqlite3_free(text) }
    return String(cString: text)
  }

  @Test("after execute, query and a cursor, in both argument forms, no value stays bound")
  func released() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (secret TEXT)")
    let insert = "INSERT INTO t (secret) VALUES (?)"
    let select = "SELECT secret FROM t WHERE secret = ?"
    try db.execute(insert, ["hunter2-insert"])
    try db.execute(insert, "hunter2-pack")
    _ = try db.query(select, ["hunter2-query"])
    _ = try db.queryOne(select, "hunter2-query-pack")
    _ = try db.fetchAll(String.self, select, "hunter2-fetch")
    try db.withCursor(select, ["hunter2-cursor"]) { cursor throws(DatabaseError) in
      _ = try cursor.next()
    }
    let texts = db.withConnection { connection in
      [Self.expanded(connection.cachedStatement(for: insert)),
       Self.expanded(connection.cachedStatement(for: select))]
    }
    for text in texts {
      #expect(!text.contains("hunter2"), "\(text)")
      #expect(text.contains("NULL"))
    }
  }

  @Test("inside one transaction a value is bound while its use runs, and gone right after")
  func clearedAtEndOfUse() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (secret TEXT)")
    let insert = "INSERT INTO t (secret) VALUES (?)"
    let select = "SELECT secret FROM t WHERE secret = ?"
    let (during, after) = try db.transaction { connection in
      try connection.execute(insert, ["row-1"])
      try connection.execute(insert, "row-2")
      let during = try connection.withCursor(select, "row-2") { _ throws(DatabaseError) in
        Self.expanded(connection.cachedStatement(for: select))
      }
      return (during, Self.expanded(connection.cachedStatement(for: insert)))
    }
    #expect(during.contains("'row-2'"))
    #expect(!after.contains("row-"), "\(after)")
    #expect(try db.query("SELECT secret FROM t").count == 2)
  }
}

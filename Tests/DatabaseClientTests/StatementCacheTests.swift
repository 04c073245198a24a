import DatabaseClient
import Foundation
import Testing

@Suite("the prepared-statement cache")
struct StatementCacheTests {
  @Test("a cached statement sees a schema change made after it was compiled")
  func schemaChange() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a INTEGER)")
    try db.execute("INSERT INTO t (a) VALUES (?)", [1])
    #expect(try db.query("SELECT * FROM t").map(\.columnNames) == [["a"]])
    try db.execute("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
    let rows = try db.query("SELECT * FROM t")
    #expect(rows == [Row(columnNames: ["a", "b"], values: [.integer(1), .text("x")])])
  }

  @Test("more distinct statements than the cache holds all still run correctly")
  func beyondTheLimit() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (n INTEGER)")
    for round in 0..<2 {
      for n in 0..<150 {
        try db.execute("INSERT INTO t (n) VALUES (? + \(n))", [round * 1_000])
      }
    }
    #expect(try db.fetchOne(Int.self, "SELECT COUNT(DISTINCT n) FROM t") == 300)
    #expect(try db.fetchOne(Int.self, "SELECT SUM(n) FROM t") == 2 * 11_175 + 150_000)
  }

  @Test("a statement run again is taken from the cache, not compiled again")
  func reuse() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (n INTEGER)")
    let insert = "INSERT INTO t (n) VALUES (?)"
    try db.execute(insert, [1])
    try db.withConnection { conn in
      let cached = conn.cachedStatementCount
      let first = try #require(conn.cachedStatement(for: insert))
      for n in 2...100 { try conn.execute(insert, [n]) }
      #expect(conn.cachedStatement(for: insert) === first)
      #expect(conn.cachedStatementCount == cached)
    }
    #expect(try count("t", in: db) == 100)
  }

  @Test("SQL built at run time never grows the cache past its limit")
  func bounded() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (n INTEGER)")
    try db.withConnection { conn in
      var most = 0
      for n in 0..<(Connection.cacheLimit * 3) {
        try conn.execute("INSERT INTO t (n) VALUES (? + \(n))", [0])
        most = max(most, conn.cachedStatementCount)
      }
      #expect(most == Connection.cacheLimit)
    }
  }
}

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
}

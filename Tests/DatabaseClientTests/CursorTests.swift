import DatabaseClient
import Foundation
import Testing

@Suite("RowCursor: rows one at a time")
struct CursorTests {
  func people(_ fixture: Fixture, count: Int = 5) throws -> Database {
    let db = try fixture.openWithPeople()
    try db.transaction { tx in
      for id in 1...count {
        try tx.execute(
          "INSERT INTO people (id, name, age, score) VALUES (?, ?, ?, ?)",
          [id, "p\(id)", 20 + id, Double(id) / 2])
      }
    }
    return db
  }

  @Test("rows read by index and by name, names compared exactly then ignoring ASCII case")
  func reads() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try people(fixture, count: 3)
    let read = try db.withCursor("SELECT id, name, age AS Age FROM people ORDER BY id") {
      cursor throws(DatabaseError) in
      var seen: [String] = []
      while try cursor.next() {
        let id: Int = try cursor.get(0)
        let name: String = try cursor.get("NAME")
        let age: Int = try cursor.get("age")
        seen.append("\(id) \(name) \(age)")
      }
      #expect(try cursor.columnNames() == ["id", "name", "Age"])
      return seen
    }
    #expect(read == ["1 p1 21", "2 p2 22", "3 p3 23"])
  }

  @Test("a missing column, a wrong type and a read with no current row are typed errors")
  func errors() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try people(fixture, count: 1)
    try db.withCursor("SELECT id, name FROM people") { cursor throws(DatabaseError) in
      #expect(throws: DatabaseError.self) { _ = try cursor.get(0, as: Int.self) }
      #expect(try cursor.next())
      #expect(
        throws: DatabaseError(kind: .conversionFailed, message: "no column nope in the row")
      ) { _ = try cursor.get("nope", as: Int.self) }
      #expect(
        throws: DatabaseError(kind: .conversionFailed, message: "no column 7 in the row")
      ) { _ = try cursor.get(7, as: Int.self) }
      do throws(DatabaseError) {
        _ = try cursor.get("name", as: Int.self)
        Issue.record("a text column read as Int")
      } catch {
        #expect(error.kind == .conversionFailed)
        #expect(error.message == "column name holds TEXT, which does not read as Int")
      }
      #expect(try cursor.get("name", as: String?.self) == "p1")
      #expect(try !cursor.next())
      #expect(throws: DatabaseError.self) { _ = try cursor.get(0, as: Int.self) }
    }
  }

  @Test("leaving the loop early leaves the statement reusable and the connection usable")
  func earlyExit() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try people(fixture)
    let sql = "SELECT id FROM people ORDER BY id"
    let first = try db.withCursor(sql) { cursor throws(DatabaseError) -> Int in
      _ = try cursor.next()
      return try cursor.get(0)
    }
    #expect(first == 1)
    // The same cached statement runs again from the start, and writes are not blocked by a
    // read left open.
    try db.execute("UPDATE people SET age = 0")
    #expect(try db.query(sql).count == 5)
    #expect(try db.withCursor(sql) { cursor throws(DatabaseError) in
      var ids: [Int] = []
      while try cursor.next() { ids.append(try cursor.get(0)) }
      return ids
    } == [1, 2, 3, 4, 5])
  }

  @Test("a cursor kept past its query fails with misuse and never reads a finished statement")
  func escapedCursor() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try people(fixture)
    let escaped = try db.withCursor("SELECT id FROM people") { cursor throws(DatabaseError) in
      _ = try cursor.next()
      return cursor
    }
    #expect(Self.kind { _ = try escaped.next() } == .misuse)
    #expect(Self.kind { _ = try escaped.get(0, as: Int.self) } == .misuse)
    #expect(Self.kind { _ = try escaped.row() } == .misuse)
    #expect(Self.kind { _ = try escaped.columnNames() } == .misuse)
    #expect(try db.query("SELECT id FROM people").count == 5)
  }

  @Test("a schema change between two runs of a cached statement gives the new columns")
  func schemaChange() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a INTEGER)")
    try db.execute("INSERT INTO t (a) VALUES (1)")
    let names = { () throws(DatabaseError) -> [String] in
      try db.withCursor("SELECT * FROM t") { cursor throws(DatabaseError) in
        _ = try cursor.next()
        return try cursor.columnNames()
      }
    }
    #expect(try names() == ["a"])
    try db.execute("ALTER TABLE t ADD COLUMN b TEXT DEFAULT 'x'")
    #expect(try names() == ["a", "b"])
    try db.withCursor("SELECT * FROM t") { cursor throws(DatabaseError) in
      _ = try cursor.next()
      #expect(try cursor.get("b") == "x")
    }
  }

  @Test("the same SQL run again inside a cursor's loop gets a statement of its own")
  func sameSQLInside() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try people(fixture, count: 3)
    let sql = "SELECT id FROM people WHERE id >= ? ORDER BY id"
    let seen = try db.transaction { conn in
      try conn.withCursor(sql, [1]) { outer throws(DatabaseError) -> [String] in
        var seen: [String] = []
        while try outer.next() {
          let id = try outer.get(0, as: Int.self)
          var inner: [Int] = []
          for row in try conn.query(sql, [id]) { inner.append(try row.get(0, as: Int.self)) }
          try conn.withCursor(sql, [id]) { nested throws(DatabaseError) in
            while try nested.next() { _ = try nested.get(0, as: Int.self) }
          }
          seen.append("\(id): \(inner)")
        }
        return seen
      }
    }
    #expect(seen == ["1: [1, 2, 3]", "2: [2, 3]", "3: [3]"])
    // Afterwards the cached statement serves the same SQL as before.
    #expect(try db.query(sql, [2]).map { try $0.get(0, as: Int.self) } == [2, 3])
  }

  /// The kind of the error `body` throws, or `nil` when it throws none.
  static func kind(_ body: () throws -> Void) -> DatabaseError.Kind? {
    do {
      try body()
      return nil
    } catch {
      return (error as? DatabaseError)?.kind
    }
  }
}

@testable import DatabaseClient
import Foundation
import Testing

/// A value whose `databaseValue` uses the database while a statement is being bound: from
/// the outside, a lazily computed column (a lookup, a counter) written as a value type.
private struct Looked: DatabaseValueConvertible {
  let db: Database
  /// The SQL it runs on every read of `databaseValue`, one statement after another.
  let lookups: [String]
  let text: String

  var databaseValue: DatabaseValue {
    for sql in lookups { _ = try? db.query(sql) }
    return .text(text)
  }
  init(_ db: Database, _ text: String, running lookups: [String] = ["SELECT 1"]) {
    (self.db, self.text, self.lookups) = (db, text, lookups)
  }
  init?(databaseValue: DatabaseValue) { nil }
}

/// Any call made inside a transaction, a cursor's loop or a value's `databaseValue`, with the
/// same SQL or enough other SQL to empty the statement cache, sees the right rows and never
/// touches a statement another use holds (issue 21, findings 1 to 3).
@Suite("nested use of one database")
struct NestedUseTests {
  /// More distinct statements than the cache keeps.
  static let evicting = (0..<(Connection.cacheLimit + 8)).map { "SELECT \($0) + 1" }

  /// A text long enough that SQLite keeps its own copy of it on the heap.
  static let tag = String(repeating: "tag ", count: 64)

  /// A database with a table `n` of x = 1, 2, 4, 6, each row tagged with `tag`.
  static func numbers(_ fixture: Fixture) throws -> Database {
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE n (x INTEGER, t TEXT)")
    for x in [1, 2, 4, 6] { try db.execute("INSERT INTO n (x, t) VALUES (?, ?)", x, Self.tag) }
    return db
  }

  @Test("finding 1: a query inside a cursor's loop over SQL run just before leaves it whole")
  func queryInsideCursorLoop() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.numbers(fixture)
    // No ORDER BY: SQLite then evaluates the WHERE clause row by row as the cursor steps, so
    // a binding cleared while it runs shows (an integer compared with NULL ends the rows; a
    // text parameter frees memory the statement still reads).
    let tag = Self.tag
    let sql = "SELECT x, ? FROM n WHERE x > ? AND t = ?"
    let read = try db.transaction { conn in
      _ = try conn.query(sql, [tag, 0, tag])
      return try conn.withCursor(sql, [tag, 0, tag]) { cursor throws(DatabaseError) -> [Int] in
        var read: [Int] = []
        while try cursor.next() {
          read.append(try cursor.get(0))
          #expect(try cursor.get(1, as: String.self) == tag)
          #expect(try db.query("SELECT 1").first?.get(0, as: Int.self) == 1)
        }
        return read
      }
    }
    #expect(read == [1, 2, 4, 6])
  }

  @Test("finding 1, pack form: the same with the same SQL run again inside the loop")
  func sameSQLInsideCursorLoop() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.numbers(fixture)
    let sql = "SELECT x FROM n WHERE x > ? AND t = ?"
    let read = try db.transaction { conn in
      _ = try conn.query(sql, 0, Self.tag)
      return try conn.withCursor(sql, 0, Self.tag) { cursor throws(DatabaseError) -> [Int] in
        var read: [Int] = []
        while try cursor.next() {
          let x: Int = try cursor.get(0)
          read.append(x)
          let above = try db.query(sql, x, Self.tag).map(\.values)
          #expect(above == [1, 2, 4, 6].filter { $0 > x }.map { [.integer(Int64($0))] })
        }
        return read
      }
    }
    #expect(read == [1, 2, 4, 6])
  }

  @Test("finding 2: a value that queries while the others are bound keeps them bound")
  func valueQueriesWhileBinding() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a, b, c)")
    let insert = "INSERT INTO t (a, b, c) VALUES (?, ?, ?)"
    try db.execute(insert, [1, Looked(db, "array"), "three"])
    try db.execute(insert, 2, Looked(db, "pack"), "three")
    try db.transaction { conn in
      // Run once first, so the statement is the one the connection ran last.
      try conn.execute(insert, [0, "warm", "up"])
      try conn.execute(insert, [3, Looked(db, "array in a transaction"), "three"])
      try conn.execute(insert, 4, Looked(db, "pack in a transaction"), "three")
      try conn.execute("DELETE FROM t WHERE a = 0")
    }
    // The value runs the very statement being bound.
    try db.execute(insert, 5, Looked(db, "same SQL", running: ["SELECT * FROM t"]), "three")
    let rows = try db.query("SELECT a, b, c FROM t ORDER BY a").map(\.values)
    #expect(
      rows == [
        [.integer(1), .text("array"), .text("three")],
        [.integer(2), .text("pack"), .text("three")],
        [.integer(3), .text("array in a transaction"), .text("three")],
        [.integer(4), .text("pack in a transaction"), .text("three")],
        [.integer(5), .text("same SQL"), .text("three")],
      ])
  }

  @Test("finding 2: a value that inserts with the same SQL while it is bound")
  func valueInsertsWithSameSQL() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a, b)")
    let insert = "INSERT INTO t (a, b) VALUES (?, ?)"
    struct Inserting: DatabaseValueConvertible {
      let db: Database
      let insert: String
      var databaseValue: DatabaseValue {
        _ = try? db.execute(insert, 99, "inner")
        return .text("outer")
      }
      init(_ db: Database, _ insert: String) { (self.db, self.insert) = (db, insert) }
      init?(databaseValue: DatabaseValue) { nil }
    }
    try db.execute(insert, [1, Inserting(db, insert)])
    try db.execute(insert, 2, Inserting(db, insert))
    let rows = try db.query("SELECT a, b FROM t ORDER BY a").map(\.values)
    #expect(
      rows == [
        [.integer(1), .text("outer")], [.integer(2), .text("outer")],
        [.integer(99), .text("inner")], [.integer(99), .text("inner")],
      ])
  }

  @Test("finding 3: nested work that empties the cache never frees the outer statement")
  func evictionWhileBinding() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a, b, c)")
    let insert = "INSERT INTO t (a, b, c) VALUES (?, ?, ?)"
    try db.transaction { conn in
      for a in 1...3 {
        // The connection ran `insert` last; the value's queries go through the database.
        try conn.execute(insert, [-a, "warm", "up"])
        try conn.execute(insert, [a, Looked(db, "array \(a)", running: Self.evicting), "c"])
        #expect(
          try db.queryOne("SELECT a, b, c FROM t WHERE a = ?", a)?.values
            == [.integer(Int64(a)), .text("array \(a)"), .text("c")])
        try conn.execute(insert, -a - 10, "warm", "up")
        try conn.execute(insert, a + 10, Looked(db, "pack \(a)", running: Self.evicting), "c")
        #expect(
          try db.queryOne("SELECT a, b, c FROM t WHERE a = ?", a + 10)?.values
            == [.integer(Int64(a + 10)), .text("pack \(a)"), .text("c")])
        // After an eviction, a statement compiled anew takes the freed one's place in
        // SQLite's memory: it must not be the one the next insert binds into.
        #expect(try db.queryOne("SELECT 55")?.get(0, as: Int.self) == 55)
      }
    }
    #expect(try count("t", in: db, where: "a > 0") == 6)
  }

  @Test("finding 3: a cursor's statement survives the cache emptied in its loop, every row")
  func evictionInsideCursorLoop() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.numbers(fixture)
    let sql = "SELECT x, ? FROM n WHERE x > ?"
    try db.transaction { conn in
      _ = try conn.query(sql, "tag", 0)
      let read = try conn.withCursor(sql, "tag", 0) { cursor throws(DatabaseError) -> [Int] in
        var read: [Int] = []
        while try cursor.next() {
          for (n, other) in Self.evicting.enumerated() {
            #expect(try db.queryOne(other)?.get(0, as: Int.self) == n + 1)
          }
          #expect(try cursor.get(1, as: String.self) == "tag")
          read.append(try cursor.get(0))
          // The same SQL, compiled again after the eviction, beside the cursor's own.
          #expect(try db.query(sql, "inner", 4).map(\.values) == [[.integer(6), .text("inner")]])
        }
        return read
      }
      #expect(read == [1, 2, 4, 6])
    }
    #expect(try db.query(sql, "after", 3).count == 2)
  }

  @Test("a statement a use holds is never handed to another: nested transactions and cursors")
  func nestedTransactionsAndCursors() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.numbers(fixture)
    let sql = "SELECT x FROM n WHERE x > ?"
    var pairs: [String] = []
    try db.transaction { _ in
      try db.withCursor(sql, 0) { outer throws(DatabaseError) in
        while try outer.next() {
          let x: Int = try outer.get(0)
          try db.withCursor(sql, x) { inner throws(DatabaseError) in
            while try inner.next() {
              let y: Int = try inner.get(0)
              pairs.append("\(x)<\(y)")
              do {
                try db.transaction { _ in try db.execute("INSERT INTO n (x) VALUES (?)", -y) }
              } catch {
                Issue.record("nested transaction failed: \(error)")
              }
            }
          }
        }
      }
    }
    #expect(pairs == ["1<2", "1<4", "1<6", "2<4", "2<6", "4<6"])
    #expect(try count("n", in: db, where: "x < 0") == 6)
  }
}

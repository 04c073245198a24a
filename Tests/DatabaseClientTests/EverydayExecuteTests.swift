@testable import DatabaseClient
import Foundation
import Testing

/// `execute(sql, [args])` finds the statement it ran last without a cache lookup, binds each
/// argument through its `bind(to:at:)`, and counts changed rows by the statement's first
/// keyword. Each of those must give what the plain path gives.
@Suite("the everyday execute: counts, the repeated statement, every kind of argument")
struct EverydayExecuteTests {
  @Test("each statement's own count: 0 for statements that change no rows, never a stale one")
  func counts() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    #expect(try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)") == 0)
    #expect(try db.execute("CREATE TABLE log (id)") == 0)
    #expect(try db.execute("INSERT INTO t (id, v) VALUES (?, ?)", [1, "a"]) == 1)
    #expect(try db.execute("INSERT INTO t (id, v) VALUES (2, 'b'), (3, 'c')") == 2)
    // A statement that changes rows counts 0 when it changes none...
    #expect(try db.execute("INSERT OR IGNORE INTO t (id, v) VALUES (1, 'x')") == 0)
    #expect(try db.execute("DELETE FROM t WHERE id > 100") == 0)
    #expect(try db.execute("UPDATE t SET v = v || '!'") == 3)
    // ...and one that cannot change rows counts 0 right after one that changed three.
    #expect(try db.execute("CREATE INDEX t_v ON t (v)") == 0)
    #expect(try db.execute("UPDATE t SET v = v") == 3)
    #expect(try db.execute("SELECT * FROM t") == 0)
    #expect(try db.execute("PRAGMA user_version = 3") == 0)
    #expect(try db.execute("ANALYZE") == 0)
    // Comments and case before the keyword; REPLACE; a CTE in front of an INSERT.
    #expect(
      try db.execute(
        "  -- a note\n /* and another */ insert into t (id, v) values (?, ?)", [4, "d"])
        == 1)
    #expect(try db.execute("REPLACE INTO t (id, v) VALUES (4, 'D')") == 1)
    #expect(
      try db.execute(
        "WITH n(x) AS (VALUES (10), (11), (12)) INSERT INTO t (id, v) SELECT x, 'n' FROM n") == 3)
    #expect(try db.execute("WITH n(x) AS (VALUES (1)) SELECT x FROM n") == 0)
    // A trigger's own changes are not the statement's.
    try db.execute(
      "CREATE TRIGGER t_log AFTER DELETE ON t BEGIN INSERT INTO log (id) VALUES (old.id); END")
    #expect(try db.execute("DELETE FROM t WHERE id >= 10") == 3)
    #expect(try count("log", in: db) == 3)
    #expect(try db.execute("DROP TRIGGER t_log") == 0)
  }

  /// What `execute` has always returned: the statement's `changes()` when the connection's
  /// `total_changes()` moved while it ran, else 0 (read through SQL, not through `execute`).
  static func expectedCount(_ sql: String, on db: Database) throws -> (Int, Int) {
    let before: Int = try db.queryOne("SELECT total_changes()")?.get(0) ?? -1
    let returned = try db.execute(sql)
    let after = try #require(try db.queryOne("SELECT total_changes(), changes()"))
    let expected = try after.get(0, as: Int.self) == before ? 0 : after.get(1, as: Int.self)
    return (returned, expected)
  }

  @Test("statements that change rows behind the scenes count as they always did")
  func hiddenChanges() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    // Foreign keys are on: dropping a table another one refers to deletes its rows first.
    try db.executeScript(
      """
      CREATE TABLE p (id INTEGER PRIMARY KEY);
      CREATE TABLE c (id INTEGER PRIMARY KEY, p INTEGER REFERENCES p (id) ON DELETE CASCADE);
      INSERT INTO p (id) VALUES (1), (2), (3);
      """)
    let (dropped, droppedExpected) = try Self.expectedCount("DROP TABLE p", on: db)
    #expect(dropped == droppedExpected)
    #expect(dropped == 3)
    // A virtual table writes its shadow tables (when SQLite has FTS5).
    if (try? db.execute("CREATE VIRTUAL TABLE probe USING fts5(x)")) != nil {
      let (made, madeExpected) = try Self.expectedCount(
        "CREATE VIRTUAL TABLE f USING fts5(x)", on: db)
      #expect(made == madeExpected)
    }
    for sql in ["SELECT 1", "CREATE TABLE q (a)", "PRAGMA user_version = 2", "DROP TABLE q"] {
      let (returned, expected) = try Self.expectedCount(sql, on: db)
      #expect(returned == expected, "\(sql)")
    }
  }

  @Test("a statement's kind comes from its first keyword, after blanks and comments")
  func kinds() {
    #expect(StatementKind(sql: "INSERT INTO t VALUES (1)") == .changesRows)
    #expect(StatementKind(sql: "\n\t update t set v = 1") == .changesRows)
    #expect(StatementKind(sql: "-- x\nDelete FROM t") == .changesRows)
    #expect(StatementKind(sql: "/* x */replace INTO t VALUES (1)") == .changesRows)
    #expect(StatementKind(sql: "SELECT 1") == .measured)
    #expect(StatementKind(sql: "drop table t") == .measured)
    #expect(StatementKind(sql: "WITH a AS (SELECT 1) DELETE FROM t") == .measured)
    #expect(StatementKind(sql: "/* never closed") == .measured)
    #expect(StatementKind(sql: "") == .measured)
    #expect(StatementKind(sql: "INSERTED") == .measured)
    #expect(StatementKind(sql: "INSERT(") == .changesRows)
    #expect(StatementKind.firstKeyword(of: " -- a\n-- b\n  /**/vacuum") == "VACUUM")
  }

  @Test("one statement run again and again binds every kind of argument as itself")
  func repeated() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE v (i, a, b, c, d)")
    let long = String(repeating: "長い", count: 5_000)
    let texts = ["", "short", "exactly15bytes!", "sixteen bytes!!!", "🙂 emoji", "a\u{0}b", long]
    let sql = "INSERT INTO v (i, a, b, c, d) VALUES (?, ?, ?, ?, ?)"
    var expected: [[DatabaseValue]] = []
    try db.transaction { conn in
      for i in 0..<700 {
        let text = texts[i % texts.count]
        let arguments: [(any DatabaseValueConvertible)?]
        let values: [DatabaseValue]
        switch i % 4 {
        case 0:
          arguments = [i, Int64(-i), Double(i) / 4, text, nil]
          values = [
            .integer(Int64(i)), .integer(Int64(-i)), .real(Double(i) / 4), .text(text), .null,
          ]
        case 1:
          arguments = [i, Int.min, -0.0, Data([1, 2, UInt8(i % 256)]), true]
          values = [
            .integer(Int64(i)), .integer(Int64.min), .real(-0.0),
            .blob(Data([1, 2, UInt8(i % 256)])), .integer(1),
          ]
        case 2:
          let wrapped: any DatabaseValueConvertible = Optional(text)
          arguments = [i, Int.max, wrapped, nil as String?, Optional(Int64(7))]
          values = [.integer(Int64(i)), .integer(Int64.max), .text(text), .null, .integer(7)]
        default:
          arguments = [i, DatabaseValue.text(text), Date(timeIntervalSince1970: 1), nil, "x"]
          values = [.integer(Int64(i)), .text(text), .integer(1000), .null, .text("x")]
        }
        let changed1 = try conn.execute(sql, arguments)
        #expect(changed1 == 1)
        expected.append(values)
      }
    }
    let rows = try db.query("SELECT i, a, b, c, d FROM v ORDER BY i")
    #expect(rows.count == expected.count)
    for (row, values) in zip(rows, expected) { #expect(row.values == values) }
  }

  @Test("the statement a cursor over the same SQL holds is not run inside its loop")
  func insideCursor() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let sql = "SELECT id FROM people WHERE id >= ? ORDER BY id"
    let seen = try db.transaction { conn in
      for id in 1...3 { try conn.execute("INSERT INTO people (id) VALUES (?)", [id]) }
      // Run once with `execute`, so it is the statement run last...
      let changed2 = try conn.execute(sql, [1])
      #expect(changed2 == 0)
      // ...then read with a cursor, running the same SQL with `execute` on every row.
      return try conn.withCursor(sql, [1]) { cursor throws(DatabaseError) -> [Int] in
        var seen: [Int] = []
        while try cursor.next() {
          seen.append(try cursor.get(0))
          let counts = [try conn.execute(sql, [2]), try conn.execute(sql, [3])]
          #expect(counts == [0, 0])
        }
        return seen
      }
    }
    #expect(seen == [1, 2, 3])
    #expect(try db.query(sql, [2]).map { try $0.get(0, as: Int.self) } == [2, 3])
  }

  @Test("the same SQL run before a cursor's first row neither moves nor rebinds the cursor")
  func beforeFirstRow() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    for id in 1...3 { try db.execute("INSERT INTO people (id) VALUES (?)", [id]) }
    let all = "SELECT id FROM people ORDER BY id"
    let from = "SELECT id FROM people WHERE id >= ? ORDER BY id"
    let read = try db.transaction { conn in
      try conn.withCursor(all) { cursor throws(DatabaseError) -> [Int] in
        _ = try conn.execute(all)
        _ = try conn.queryOne(all)
        var seen: [Int] = []
        while try cursor.next() {
          seen.append(try cursor.get(0))
          _ = try conn.execute(all)
        }
        return seen
      }
    }
    #expect(read == [1, 2, 3])
    let bound = try db.transaction { conn in
      try conn.withCursor(from, [2]) { cursor throws(DatabaseError) -> [Int] in
        _ = try conn.execute(from, [1])
        var seen: [Int] = []
        while try cursor.next() {
          seen.append(try cursor.get(0))
          _ = try conn.execute(from, [3])
        }
        return seen
      }
    }
    #expect(bound == [2, 3])
  }

  @Test("a failure on the repeated statement is typed, and the next run works")
  func failures() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let sql = "INSERT INTO people (id, name, age) VALUES (?, ?, ?)"
    try db.transaction { conn in
      let changed3 = try conn.execute(sql, [1, "a", 30])
      #expect(changed3 == 1)
      do {
        try conn.execute(sql, [1, "again", 31])
        Issue.record("a duplicate key was inserted")
      } catch let error as DatabaseError {
        #expect(error.kind == .constraintViolation)
      }
      do {
        try conn.execute(sql, [2, "b"])
        Issue.record("a missing argument was bound")
      } catch let error as DatabaseError {
        #expect(error.kind == .misuse)
        #expect(error.message.contains("3 parameters but 2 values"))
        #expect(error.sql == sql)
      }
      let changed4 = try conn.execute(sql, [2, "b", 32])
      #expect(changed4 == 1)
      // The error names the SQL as given, a comment after the statement included.
      let commented = "INSERT INTO people (id) VALUES (?);  -- the note stays\n"
      for arguments in [[2], [3, 4]] as [[(any DatabaseValueConvertible)?]] {
        do {
          try conn.execute(commented, arguments)
          Issue.record("\(arguments) went in")
        } catch let error as DatabaseError {
          #expect(error.sql == commented)
        }
      }
    }
    #expect(try count("people", in: db) == 2)
  }

  @Test("past the cache's limit, after the lock is let go, and after a schema change")
  func lifetimes() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE t (a, b)")
    let insert = "INSERT INTO t (a, b) VALUES (?, ?)"
    try db.transaction { conn in
      let changed5 = try conn.execute(insert, [1, "one"])
      #expect(changed5 == 1)
      // More distinct statements than the cache keeps: it starts over meanwhile.
      for n in 0..<(Connection.cacheLimit + 6) {
        let changed6 = try conn.execute("SELECT ? + \(n)", [n])
        #expect(changed6 == 0)
      }
      let changed7 = try conn.execute(insert, [2, "two"])
      #expect(changed7 == 1)
      let changed8 = try conn.execute(insert, [3, "three"])
      #expect(changed8 == 1)
      // The cache starts over while `insert` stays the statement run last.
      for n in 0...Connection.cacheLimit { try conn.execute("SELECT \(n)") }
      #expect(conn.cachedStatementCount < Connection.cacheLimit)
      let changedAfterEviction = try conn.execute(insert, [10, "ten"])
      #expect(changedAfterEviction == 1)
      // The table changes shape between two runs of the same statement.
      try conn.execute("ALTER TABLE t ADD COLUMN c DEFAULT 7")
      let changed9 = try conn.execute(insert, [4, "four"])
      #expect(changed9 == 1)
    }
    // Each call on the database takes and lets go of the lock.
    for n in 5...8 { #expect(try db.execute(insert, [n, "\(n)"]) == 1) }
    try db.transaction { conn in
      try conn.execute("DROP TABLE t")
      try conn.execute("CREATE TABLE t (b TEXT, x, a INTEGER)")
      let changed10 = try conn.execute(insert, [9, "nine"])
      #expect(changed10 == 1)
    }
    let rows = try db.query("SELECT a, b FROM t")
    #expect(rows.map { $0.values } == [[.integer(9), .text("nine")]])
  }

  @Test("the prepared fast path binds a String of any size as itself")
  func preparedText() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE s (i INTEGER, t TEXT, u TEXT)")
    let texts = [
      "", "a", "exactly15bytes!", "sixteen bytes!!!", "🙂🙂🙂🙂", "nul\u{0}inside",
      String(repeating: "x", count: 100_000),
    ]
    try db.transaction { conn in
      let insert = try conn.prepare("INSERT INTO s (i, t, u) VALUES (?, ?, ?)")
      for (i, text) in texts.enumerated() {
        try insert.execute(i, text, Optional(text))
      }
    }
    let read = try db.query("SELECT t, u FROM s ORDER BY i")
    #expect(read.map { $0.values } == texts.map { [.text($0), .text($0)] })
  }
}

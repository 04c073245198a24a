import DatabaseClient
import Foundation
import Testing

@Suite("errors and opening")
struct ErrorTests {
  @Test("an error carries the SQL and SQLite's codes, never the bound values")
  func errorsNeverCarryValues() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE tokens (id INTEGER PRIMARY KEY, secret TEXT UNIQUE NOT NULL)")
    let secret = "tok_5up3r-s3cr3t-v4lu3"
    let sql = "INSERT INTO tokens (secret) VALUES (?)"
    try db.execute(sql, [secret])
    let error = #expect(throws: DatabaseError.self) { try db.execute(sql, [secret]) }
    #expect(error?.kind == .constraintViolation)
    #expect(error?.resultCode == 19)
    #expect(error?.extendedResultCode == 2067)
    #expect(error?.sql == sql)
    #expect(error?.message == "UNIQUE constraint failed: tokens.secret")
    #expect(error.map { "\($0)" }?.contains(secret) == false)
    #expect(error.map { String(reflecting: $0) }?.contains(secret) == false)

    let typeError = #expect(throws: DatabaseError.self) {
      try db.queryOne("SELECT secret FROM tokens")?.get("secret", as: Int.self)
    }
    #expect(typeError?.kind == .conversionFailed)
    #expect(typeError.map { "\($0)" }?.contains(secret) == false)
  }

  @Test("misuse is reported: two statements in one call, a wrong argument count, empty SQL")
  func misuse() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let twoStatements = #expect(throws: DatabaseError.self) {
      try db.execute("INSERT INTO people (id) VALUES (1); DROP TABLE people")
    }
    #expect(twoStatements?.kind == .misuse)
    let tooFew = #expect(throws: DatabaseError.self) {
      try db.execute("INSERT INTO people (id, name) VALUES (?, ?)", [1])
    }
    #expect(tooFew?.kind == .misuse)
    let tooMany = #expect(throws: DatabaseError.self) {
      try db.withConnection { conn in
        try conn.prepare("INSERT INTO people (id) VALUES (?)").execute(1, "extra")
      }
    }
    #expect(tooMany?.kind == .misuse)
    let empty = #expect(throws: DatabaseError.self) { try db.execute("  -- nothing\n") }
    #expect(empty?.kind == .misuse)
    let syntax = #expect(throws: DatabaseError.self) { try db.execute("SELEC 1") }
    #expect(syntax?.kind == .sqlite)
    #expect(try count("people", in: db) == 0)
    // A trailing semicolon and comment are not a second statement.
    #expect(try db.execute("INSERT INTO people (id) VALUES (?); -- done", [7]) == 1)
  }

  @Test("opening creates missing parent folders, and the pragmas are in force")
  func openCreatesFoldersAndSetsPragmas() throws {
    let fixture = try Fixture(file: "a/b/c/app.sqlite")
    defer { fixture.folder.remove() }
    let db = try Database(url: URL(fileURLWithPath: fixture.path))
    #expect(FileManager.default.fileExists(atPath: fixture.path))
    #expect(try db.fetchOne(String.self, "PRAGMA journal_mode") == "wal")
    #expect(try db.fetchOne(Int.self, "PRAGMA foreign_keys") == 1)
    #expect(try db.fetchOne(Int.self, "PRAGMA busy_timeout") == 5_000)
    try db.executeScript(
      """
      CREATE TABLE parents (id INTEGER PRIMARY KEY);
      CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents (id));
      """)
    let error = #expect(throws: DatabaseError.self) {
      try db.execute("INSERT INTO children (parent) VALUES (?)", [42])
    }
    #expect(error?.extendedResultCode == 787)
  }

  @Test("a second connection waits out its busy timeout for a writer, then reports busy")
  func busyTimeout() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let writer = try fixture.openWithPeople()
    let other = try Database(path: fixture.path, busyTimeout: .milliseconds(100))
    let error = try writer.transaction { tx in
      try tx.execute("INSERT INTO people (id) VALUES (1)")
      return #expect(throws: DatabaseError.self) {
        try other.execute("INSERT INTO people (id) VALUES (2)")
      }
    }
    #expect(error?.kind == .busy)
    #expect(error?.resultCode == 5)
    // Once the writer commits, the other connection sees its row and can write.
    #expect(try count("people", in: other) == 1)
    try other.execute("INSERT INTO people (id) VALUES (2)")
  }

  @Test("a folder that cannot be created gives cannot_open")
  func cannotOpen() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try Data("a file".utf8).write(to: URL(fileURLWithPath: fixture.path))
    let error = #expect(throws: DatabaseError.self) {
      try Database(path: fixture.path + "/inside/app.sqlite")
    }
    #expect(error?.kind == .cannotOpen)
  }

  @Test("an in-memory database works and is private to its instance")
  func inMemory() throws {
    let first = try Database.inMemory()
    let second = try Database.inMemory()
    try first.execute("CREATE TABLE t (x)")
    #expect(try first.execute("INSERT INTO t (x) VALUES (?), (?)", [1, 2]) == 2)
    #expect(try count("t", in: first) == 2)
    #expect(throws: DatabaseError.self) { try second.query("SELECT * FROM t") }
    #expect(first.path == ":memory:")
  }

  @Test("execute reports the rows it changed, and the connection the last inserted id")
  func changesAndLastInsertedID() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let id = try db.withConnection { conn in
      try conn.execute("INSERT INTO people (name) VALUES (?)", ["a"])
      return conn.lastInsertedRowID
    }
    #expect(id == 1)
    try db.execute("INSERT INTO people (name) VALUES ('b'), ('c')")
    #expect(try db.execute("UPDATE people SET age = 1 WHERE id > ?", [1]) == 2)
    #expect(try db.execute("CREATE INDEX people_age ON people (age)") == 0)
    #expect(try db.execute("DELETE FROM people") == 3)
  }
}

import DatabaseClient
import Foundation
import Testing

private struct StepFailed: Error {}

/// Records the order in which steps ran, from inside `@Sendable` migration closures.
private final class Journal: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [String] = []

  func record(_ name: String) {
    lock.lock()
    names.append(name)
    lock.unlock()
  }

  var entries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return names
  }
}

private func steps(_ journal: Journal) -> [Migration] {
  [
    Migration("create users") { conn in
      journal.record("create users")
      try conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL)")
    },
    Migration("add name") { conn in
      journal.record("add name")
      try conn.execute("ALTER TABLE users ADD COLUMN name TEXT")
    },
    Migration("index emails") { conn in
      journal.record("index emails")
      try conn.execute("CREATE UNIQUE INDEX users_email ON users (email)")
    },
  ]
}

@Suite("migrations")
struct MigrationTests {
  @Test("steps run once each, in order, and the version counts them")
  func runOnceInOrder() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let journal = Journal()
    let db = try Database(path: fixture.path)
    #expect(try db.schemaVersion() == 0)
    #expect(try db.migrate(Array(steps(journal).prefix(2))) == 2)
    #expect(try db.migrate(steps(journal)) == 3)
    #expect(try db.migrate(steps(journal)) == 3)
    let reopened = try Database(path: fixture.path)
    #expect(try reopened.migrate(steps(journal)) == 3)
    #expect(journal.entries == ["create users", "add name", "index emails"])
    #expect(try reopened.schemaVersion() == 3)
    try reopened.execute("INSERT INTO users (email, name) VALUES (?, ?)", ["a@b.c", "A"])
  }

  @Test("a failing step leaves the database at the previous version, with none of its changes")
  func failingStepKeepsPreviousVersion() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    let failing = Migration("half done") { conn in
      try conn.execute("CREATE TABLE rides (id INTEGER PRIMARY KEY)")
      try conn.execute("INSERT INTO rides (id) VALUES (1)")
      throw StepFailed()
    }
    let error = #expect(throws: DatabaseError.self) {
      try db.migrate(steps(Journal()) + [failing])
    }
    #expect(error?.kind == .migrationFailed)
    #expect(error?.message.contains("step 4 \"half done\"") == true)
    #expect(try db.schemaVersion() == 3)
    #expect(try db.queryOne("SELECT name FROM sqlite_master WHERE name = 'rides'") == nil)

    let sqlFailure = Migration("bad sql", sql: "CREATE TABLE ok (id INTEGER); CREATE TABLE")
    let sqlError = #expect(throws: DatabaseError.self) {
      try db.migrate(steps(Journal()) + [sqlFailure])
    }
    #expect(sqlError?.kind == .migrationFailed)
    #expect(sqlError?.resultCode == 1)
    #expect(try db.schemaVersion() == 3)
    #expect(try db.queryOne("SELECT name FROM sqlite_master WHERE name = 'ok'") == nil)
  }

  @Test("a database from a newer version of the code is refused and left untouched")
  func newerVersionRefused() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let journal = Journal()
    do {
      let newer = try Database(path: fixture.path)
      try newer.migrate(steps(journal))
    }
    let older = try Database(path: fixture.path)
    let error = #expect(throws: DatabaseError.self) {
      try older.migrate(Array(steps(journal).prefix(2)))
    }
    #expect(error?.kind == .schemaTooNew)
    #expect(error?.code == "schema_too_new")
    #expect(try older.schemaVersion() == 3)
    #expect(journal.entries == ["create users", "add name", "index emails"])
  }
}

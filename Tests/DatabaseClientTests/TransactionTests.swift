import DatabaseClient
import Foundation
import Testing

private struct Abort: Error {}

@Suite("transactions")
struct TransactionTests {
  @Test("a throw inside a transaction leaves no partial rows and rethrows the error")
  func throwRollsBack() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    try db.execute("INSERT INTO people (id, name) VALUES (1, 'kept')")
    #expect(throws: Abort.self) {
      try db.transaction { tx in
        for id in 2...50 {
          try tx.execute("INSERT INTO people (id, name) VALUES (?, ?)", [id, "x"])
        }
        try tx.execute("UPDATE people SET name = 'changed' WHERE id = 1")
        throw Abort()
      }
    }
    let reopened = try Database(path: fixture.path)
    let rows = try reopened.query("SELECT id, name FROM people")
    #expect(rows.map { "\($0[0] as Int? ?? -1) \($0[1] as String? ?? "")" } == ["1 kept"])
  }

  @Test("a failing statement inside a transaction rolls back the statements before it")
  func sqlErrorRollsBack() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let error = #expect(throws: DatabaseError.self) {
      try db.transaction { tx in
        try tx.execute("INSERT INTO people (id, name) VALUES (1, 'a')")
        try tx.execute("INSERT INTO people (id, name) VALUES (1, 'duplicate')")
      }
    }
    #expect(error?.kind == .constraintViolation)
    #expect(try count("people", in: db) == 0)
  }

  @Test("a committed transaction survives closing and reopening the file")
  func commitSurvivesReopen() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    do {
      let db = try fixture.openWithPeople()
      let inserted = try db.transaction { tx in
        for id in 1...100 {
          try tx.execute("INSERT INTO people (id, age) VALUES (?, ?)", [id, id])
        }
        return 100
      }
      #expect(inserted == 100)
    }
    let reopened = try Database(path: fixture.path)
    #expect(try count("people", in: reopened) == 100)
    #expect(try reopened.fetchOne(Int.self, "SELECT SUM(age) FROM people") == 5050)
  }

  @Test("a nested transaction is a savepoint: its failure undoes only its own changes")
  func nestedSavepoint() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    try db.transaction { outer in
      try outer.execute("INSERT INTO people (id, name) VALUES (1, 'outer')")
      do {
        try outer.transaction { inner in
          try inner.execute("INSERT INTO people (id, name) VALUES (2, 'inner')")
          throw Abort()
        }
      } catch is Abort {}
      // The same database, called again on the thread that holds it, joins as a savepoint.
      try db.transaction { again in
        try again.execute("INSERT INTO people (id, name) VALUES (3, 'again')")
      }
    }
    let names = try db.query("SELECT name FROM people ORDER BY id").map { $0["name"] as String? }
    #expect(names == ["outer", "again"])
  }
}

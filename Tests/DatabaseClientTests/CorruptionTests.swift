import DatabaseClient
import Foundation
import Testing

@Suite("files that are not databases")
struct CorruptionTests {
  @Test("a file of random bytes is refused at open as not a database, and left unchanged")
  func randomBytes() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    var generator = SystemRandomNumberGenerator()
    let garbage = Data((0..<8_192).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    try garbage.write(to: URL(fileURLWithPath: fixture.path))

    let error = #expect(throws: DatabaseError.self) { try Database(path: fixture.path) }
    #expect(error?.kind == .notADatabase)
    #expect(error?.code == "not_a_database")
    #expect(error?.resultCode == 26)
    #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.path)) == garbage)
    #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
  }

  @Test("a text file is refused as not a database")
  func textFile() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try Data(String(repeating: "not a database\n", count: 100).utf8)
      .write(to: URL(fileURLWithPath: fixture.path))
    let error = #expect(throws: DatabaseError.self) { try Database(path: fixture.path) }
    #expect(error?.kind == .notADatabase)
  }

  @Test("a truncated database gives the not-a-database / corrupt error, never a crash")
  func truncated() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    do {
      let db = try fixture.openWithPeople()
      try db.transaction { tx in
        let insert = try tx.prepare("INSERT INTO people (id, name) VALUES (?, ?)")
        for id in 0..<5_000 { try insert.execute(id, String(repeating: "n", count: 100)) }
      }
    }
    // Closing the last connection checkpoints the WAL into the file and removes it.
    let url = URL(fileURLWithPath: fixture.path)
    let whole = try Data(contentsOf: url)
    #expect(whole.count > 100_000)
    #expect(!FileManager.default.fileExists(atPath: fixture.path + "-wal"))
    try whole.prefix(whole.count / 2).write(to: url)

    let error = #expect(throws: DatabaseError.self) {
      let db = try Database(path: fixture.path)
      _ = try db.query("SELECT * FROM people")
    }
    #expect(error?.kind == .notADatabase)
    #expect([11, 26].contains(error?.resultCode))
  }

  @Test("a database truncated inside its header is refused at open")
  func truncatedHeader() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    do { _ = try fixture.openWithPeople() }
    let url = URL(fileURLWithPath: fixture.path)
    try Data(try Data(contentsOf: url).prefix(50)).write(to: url)
    let error = #expect(throws: DatabaseError.self) { try Database(path: fixture.path) }
    #expect(error?.kind == .notADatabase)
  }
}

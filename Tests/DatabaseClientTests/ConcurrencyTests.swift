import DatabaseClient
import Foundation
import Testing

@Suite("concurrency")
struct ConcurrencyTests {
  @Test("8 concurrent tasks inserting 1,000 rows each end with exactly 8,000 rows")
  func concurrentInserts() async throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE hits (id INTEGER PRIMARY KEY, task INTEGER, n INTEGER)")
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for n in 0..<1_000 {
            // Alternate the two paths so both take the lock from many threads at once.
            if n.isMultiple(of: 2) {
              try db.execute("INSERT INTO hits (task, n) VALUES (?, ?)", [task, n])
            } else {
              try db.transaction { tx in
                try tx.execute("INSERT INTO hits (task, n) VALUES (?, ?)", [task, n])
              }
            }
          }
        }
      }
      try await group.waitForAll()
    }
    #expect(try count("hits", in: db) == 8_000)
    let perTask = try db.query("SELECT task, COUNT(DISTINCT n) FROM hits GROUP BY task")
    #expect(perTask.map { $0[1] as Int? } == Array(repeating: 1_000, count: 8))
  }
}

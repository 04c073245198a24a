import DatabaseClient
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("crash safety")
struct CrashTests {
  // The child is the DatabaseCrashChild executable (Tests/DatabaseCrashChild), built with the
  // tests because this target depends on it: a real, separate process, killed for real.
  @Test("SIGKILL in the middle of a large transaction keeps every commit and nothing of it")
  func sigkillMidTransaction() async throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let child = try ChildProcess(
      executable: BuiltProducts.executable(named: "DatabaseCrashChild"),
      arguments: [fixture.path])

    // Wait until the child is deep inside its uncommitted transaction. The child stops by
    // itself after 60 s, so this read cannot wait for longer.
    let said = await child.read(through: "inside\n", timeout: .seconds(90))
    #expect(said == "committed\ninside\n")
    let walSize =
      (try? FileManager.default.attributesOfItem(atPath: fixture.path + "-wal")[.size] as? Int)
      ?? 0
    child.signal(SIGKILL)
    #expect(await child.waitForExit() == .killed(signal: SIGKILL))
    // The uncommitted rows had spilled into the WAL file, so recovery had real work to ignore.
    #expect(walSize > 1_000_000)

    let db = try Database(path: fixture.path)
    #expect(try count("rows", in: db, where: "batch = 'committed'") == 500)
    #expect(try count("rows", in: db, where: "batch = 'doomed'") == 0)
    #expect(try db.fetchOne(String.self, "PRAGMA integrity_check") == "ok")
    #expect(try db.schemaVersion() == 1)
  }
}

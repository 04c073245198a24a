import CSQLiteBaseline
import DatabaseClient
import Foundation

// `bench database`: 100,000 rows of (integer, text, real) inserted in one transaction with one
// prepared statement, then read back, through DatabaseClient and through the raw C API
// (CSQLiteBaseline). Each run gets a fresh file in a fresh folder with the same pragmas on
// both sides; opening and creating the table are set-up, outside the timed part. Both sides
// bind text with SQLITE_TRANSIENT (SQLite copies it), and both read the text column without
// copying it (`sqlite3_column_text` / `Statement.withUTF8(at:_:)`): making a `String` per row
// is a cost of the caller's choice, not of the database layer.

private let rowCount = 100_000
private let runs = 11

/// Runs the database cases and prints their two lines.
func runDatabaseBenchmarks() {
  let names = (0..<rowCount).map { "user-\($0)@example.com" }
  var ours = Timings()
  var baseline = Timings()
  do {
    // Interleaved, so drift in the machine's speed hits both sides alike.
    for _ in 0..<runs {
      try baseline.add(runBaseline(names: names))
      try ours.add(runOurs(names: names))
    }
  } catch {
    print("database: failed: \(error)")
    exit(1)
  }
  report("database.insert100k", ours: ours.insert.median, baseline: baseline.insert.median)
  report("database.fetch100k", ours: ours.fetch.median, baseline: baseline.fetch.median)
}

private struct Timings {
  var insert: [Double] = []
  var fetch: [Double] = []

  mutating func add(_ run: (insert: Double, fetch: Double)) {
    insert.append(run.insert)
    fetch.append(run.fetch)
  }
}

extension Array where Element == Double {
  fileprivate var median: Double { sorted()[count / 2] }
}

private struct BenchFailure: Error, CustomStringConvertible {
  let description: String
}

private func seconds(since start: UInt64) -> Double {
  Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// A fresh folder for one run's file, removed afterwards.
private func withFreshFile<R>(_ body: (String) throws -> R) throws -> R {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("koober-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder.appendingPathComponent("bench.sqlite").path)
}

private func expectedChecksum() -> Double {
  var total = 0.0
  for i in 0..<rowCount {
    total += Double(i) + Double("user-\(i)@example.com".utf8.count) + Double(i) * 0.5
  }
  return total
}

private func runOurs(names: [String]) throws -> (insert: Double, fetch: Double) {
  try withFreshFile { path in
    let db = try Database(path: path)
    try db.execute(
      "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)")

    var start = DispatchTime.now().uptimeNanoseconds
    try db.transaction { conn in
      let insert = try conn.prepare("INSERT INTO items (id, name, score) VALUES (?, ?, ?)")
      for i in 0..<rowCount {
        try insert.execute(Int64(i), names[i], Double(i) * 0.5)
      }
    }
    let insert = seconds(since: start)

    start = DispatchTime.now().uptimeNanoseconds
    let checksum = try db.withConnection { conn in
      let select = try conn.prepare("SELECT id, name, score FROM items")
      var ids: Int64 = 0
      var bytes = 0
      var scores = 0.0
      while try select.step() {
        ids &+= select.int64(at: 0)
        bytes &+= select.withUTF8(at: 1) { $0.count }
        scores += select.double(at: 2)
      }
      return Double(ids) + Double(bytes) + scores
    }
    let fetch = seconds(since: start)
    guard checksum == expectedChecksum() else {
      throw BenchFailure(description: "DatabaseClient read back a wrong checksum \(checksum)")
    }
    return (insert, fetch)
  }
}

private func runBaseline(names: [String]) throws -> (insert: Double, fetch: Double) {
  try withFreshFile { path in
    guard let db = csqlite_baseline_open(path) else {
      throw BenchFailure(description: "the C baseline could not open \(path)")
    }
    defer { csqlite_baseline_close(db) }
    let cNames = names.map { strdup($0) }
    defer { cNames.forEach { free($0) } }

    var start = DispatchTime.now().uptimeNanoseconds
    let code = cNames.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
        csqlite_baseline_insert(db, Int64(rowCount), $0.baseAddress)
      }
    }
    let insert = seconds(since: start)
    guard code == 0 else { throw BenchFailure(description: "the C baseline insert failed \(code)") }

    start = DispatchTime.now().uptimeNanoseconds
    let checksum = csqlite_baseline_fetch(db)
    let fetch = seconds(since: start)
    guard checksum == expectedChecksum() else {
      throw BenchFailure(description: "the C baseline read back a wrong checksum \(checksum)")
    }
    return (insert, fetch)
  }
}

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
/// Runs per side (many, because a 2-core machine shared with builds is noisy); each run
/// inserts once and then reads the table `fetchesPerRun` times.
private let runs = 21
private let fetchesPerRun = 3

/// Runs the database cases and prints their two lines.
func runDatabaseBenchmarks() {
  let names = (0..<rowCount).map { "user-\($0)@example.com" }
  let expected = expectedChecksum(names)
  var ours = Samples()
  var baseline = Samples()
  do {
    // Interleaved, so drift in the machine's speed hits both sides alike, and in alternating
    // order, so neither side always runs right after the other's file was written and deleted.
    for run in 0..<runs {
      if run.isMultiple(of: 2) {
        try runBaseline(names: names, expected: expected, into: &baseline)
        try runOurs(names: names, expected: expected, into: &ours)
      } else {
        try runOurs(names: names, expected: expected, into: &ours)
        try runBaseline(names: names, expected: expected, into: &baseline)
      }
    }
  } catch {
    print("database: failed: \(error)")
    exit(1)
  }
  report("database.insert100k", ours: median(ours.insert), baseline: median(baseline.insert))
  report("database.fetch100k", ours: median(ours.fetch), baseline: median(baseline.fetch))
  runEverydayDatabaseBenchmarks()
}

private struct Samples {
  var insert: [Double] = []
  var fetch: [Double] = []
}

private struct BenchFailure: Error, CustomStringConvertible {
  let description: String
}

private func median(_ samples: [Double]) -> Double {
  samples.sorted()[samples.count / 2]
}

/// The seconds `body` takes, and what it returns.
private func timed<R>(_ body: () throws -> R) rethrows -> (seconds: Double, result: R) {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = try body()
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}

/// A fresh folder for one run's file, removed afterwards.
private func withFreshFile<R>(_ body: (String) throws -> R) throws -> R {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("koober-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder.appendingPathComponent("bench.sqlite").path)
}

/// What a correct read-back sums to: ids + name lengths in bytes + scores.
private func expectedChecksum(_ names: [String]) -> Double {
  var total = 0.0
  for (i, name) in names.enumerated() {
    total += Double(i) + Double(name.utf8.count) + Double(i) * 0.5
  }
  return total
}

private func runOurs(names: [String], expected: Double, into samples: inout Samples) throws {
  try withFreshFile { path in
    let db = try Database(path: path)
    try db.execute(
      "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)")

    let insert = try timed {
      try db.transaction { conn in
        let insert = try conn.prepare("INSERT INTO items (id, name, score) VALUES (?, ?, ?)")
        for i in 0..<rowCount {
          try insert.execute(Int64(i), names[i], Double(i) * 0.5)
        }
      }
    }
    samples.insert.append(insert.seconds)

    for _ in 0..<fetchesPerRun {
      let fetch = try timed {
        try db.withConnection { conn in
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
      }
      guard fetch.result == expected else {
        throw BenchFailure(description: "DatabaseClient read back checksum \(fetch.result)")
      }
      samples.fetch.append(fetch.seconds)
    }
  }
}

private func runBaseline(names: [String], expected: Double, into samples: inout Samples) throws {
  try withFreshFile { path in
    guard let db = csqlite_baseline_open(path) else {
      throw BenchFailure(description: "the C baseline could not open \(path)")
    }
    defer { csqlite_baseline_close(db) }
    let cNames = names.map { strdup($0) }
    defer { cNames.forEach { free($0) } }

    samples.insert.append(try baselineInsert(db, cNames))

    for _ in 0..<fetchesPerRun {
      let fetch = timed { csqlite_baseline_fetch(db) }
      guard fetch.result == expected else {
        throw BenchFailure(description: "the C baseline read back checksum \(fetch.result)")
      }
      samples.fetch.append(fetch.seconds)
    }
  }
}

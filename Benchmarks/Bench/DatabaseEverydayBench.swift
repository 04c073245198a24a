import CSQLiteBaseline
import DatabaseClient
import Foundation

// The everyday API against the raw C API, on the same 100,000 rows of (integer, text, real):
// - database.insertEveryday100k: `execute(sql, [args])` per row in one transaction (the
//   statement comes from the cache) against one prepared statement in C;
// - database.insertPack100k: the same with the statically typed form `execute(sql, a, b, c)`,
//   into a fresh file of its own, against the C insert into a fresh file of its own;
// - database.fetchRows100k: `query` → `[Row]`, values read by column name, a `String` built
//   per row; the baseline steps in C and builds the same `String` in Swift;
// - database.fetchCursor100k: the same through `withCursor`, by column name, summing as it
//   reads; the baseline sums in its row callback;
// - database.fetchDecodable100k: `fetchAll` of a three-field `Decodable` struct against the
//   baseline building the same struct.
// Every read sums ids, name lengths and scores, and both sides must agree with the expected sum.

private let rowCount = 100_000
private let runs = 11

/// One row, as app code would declare it.
private struct Item: Decodable {
  let id: Int64
  let name: String
  let score: Double
}

/// Runs the everyday cases and prints their lines.
func runEverydayDatabaseBenchmarks() {
  let names = (0..<rowCount).map { "user-\($0)@example.com" }
  var expected = 0.0
  for (i, name) in names.enumerated() {
    expected += Double(i) + Double(name.utf8.count) + Double(i) * 0.5
  }
  var ours = EverydaySamples()
  var baseline = EverydaySamples()
  do {
    for run in 0..<runs {
      // Alternating order, so neither side always runs right after the other's file.
      if run.isMultiple(of: 2) {
        try runEverydayBaseline(names, expected, &baseline)
        try runEverydayOurs(names, expected, &ours)
      } else {
        try runEverydayOurs(names, expected, &ours)
        try runEverydayBaseline(names, expected, &baseline)
      }
    }
  } catch {
    print("database: failed: \(error)")
    exit(1)
  }
  for (name, path) in EverydaySamples.cases {
    report(name, ours: middle(ours[keyPath: path]), baseline: middle(baseline[keyPath: path]))
  }
}

private struct EverydaySamples {
  var insert: [Double] = []
  var pack: [Double] = []
  var rows: [Double] = []
  var cursor: [Double] = []
  var decodable: [Double] = []

  static var cases: [(String, WritableKeyPath<EverydaySamples, [Double]>)] {
    [
      ("database.insertEveryday100k", \.insert), ("database.insertPack100k", \.pack),
      ("database.fetchRows100k", \.rows),
      ("database.fetchCursor100k", \.cursor), ("database.fetchDecodable100k", \.decodable),
    ]
  }
}

private struct EverydayFailure: Error, CustomStringConvertible {
  let description: String
}

private func middle(_ samples: [Double]) -> Double {
  samples.sorted()[samples.count / 2]
}

private func clock<R>(_ body: () throws -> R) rethrows -> (seconds: Double, result: R) {
  let start = DispatchTime.now().uptimeNanoseconds
  let result = try body()
  return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, result)
}

private func check(_ sum: Double, _ expected: Double, _ what: String) throws {
  guard sum == expected else { throw EverydayFailure(description: "\(what) summed \(sum)") }
}

private func freshPath<R>(_ body: (String) throws -> R) throws -> R {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("koober-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  return try body(folder.appendingPathComponent("bench.sqlite").path)
}

/// Makes the `items` table in `db`, then the seconds `insert` takes to insert every row in one
/// transaction, given the connection, the insert's SQL and the row's number.
/// Makes the `items` table in `db` and returns the insert's SQL.
private func makeItems(in db: Database) throws -> String {
  try db.execute(
    "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score REAL NOT NULL)")
  return "INSERT INTO items (id, name, score) VALUES (?, ?, ?)"
}

private func runEverydayOurs(
  _ names: [String], _ expected: Double, _ samples: inout EverydaySamples
) throws {
  try freshPath { path in
    let db = try Database(path: path)
    let sql = try makeItems(in: db)
    // The loop written out in each case, as app code would write it (a closure per row
    // would add its own call to what is measured).
    samples.pack.append(
      try clock {
        try db.transaction { conn in
          for i in 0..<rowCount { try conn.execute(sql, Int64(i), names[i], Double(i) * 0.5) }
        }
      }.seconds)
    let count = try db.fetchOne(Int.self, "SELECT count(*) FROM items")
    guard count == rowCount else {
      throw EverydayFailure(description: "the pack insert stored \(count ?? 0) rows")
    }
  }
  try freshPath { path in
    let db = try Database(path: path)
    let sql = try makeItems(in: db)
    samples.insert.append(
      try clock {
        try db.transaction { conn in
          for i in 0..<rowCount { try conn.execute(sql, [Int64(i), names[i], Double(i) * 0.5]) }
        }
      }.seconds)

    let select = "SELECT id, name, score FROM items"
    let rows = try clock { () throws -> Double in
      var sum = 0.0
      for row in try db.query(select) {
        let name: String = try row.get("name")
        sum += Double(try row.get("id", as: Int64.self)) + Double(name.utf8.count)
          + (try row.get("score", as: Double.self))
      }
      return sum
    }
    try check(rows.result, expected, "query")
    samples.rows.append(rows.seconds)

    let cursor = try clock {
      try db.withCursor(select) { cursor throws(DatabaseError) -> Double in
        var sum = 0.0
        while try cursor.next() {
          let name: String = try cursor.get("name")
          sum += Double(try cursor.get("id", as: Int64.self)) + Double(name.utf8.count)
            + (try cursor.get("score", as: Double.self))
        }
        return sum
      }
    }
    try check(cursor.result, expected, "withCursor")
    samples.cursor.append(cursor.seconds)

    let decoded = try clock { () throws -> Double in
      var sum = 0.0
      for item in try db.fetchAll(Item.self, select) {
        sum += Double(item.id) + Double(item.name.utf8.count) + item.score
      }
      return sum
    }
    try check(decoded.result, expected, "fetchAll")
    samples.decodable.append(decoded.seconds)
  }
}

/// What the baseline's row callback does: keep rows as tuples (like `[Row]`), keep `Item`s
/// (like `fetchAll`), or only sum (like a cursor loop).
private final class Collected {
  enum Mode { case rows, items, sum }
  var mode = Mode.rows
  var items: [Item] = []
  var rows: [(Int64, String, Double)] = []
  var sum = 0.0
}

/// The seconds the C baseline takes to insert every name into a fresh `items` table of `db`.
func baselineInsert(
  _ db: OpaquePointer, _ cNames: [UnsafeMutablePointer<CChar>?]
) throws -> Double {
  let insert = clock {
    cNames.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: UnsafePointer<CChar>?.self) {
        csqlite_baseline_insert(db, Int64(rowCount), $0.baseAddress)
      }
    }
  }
  guard insert.result == 0 else {
    throw EverydayFailure(description: "the C baseline insert failed: \(insert.result)")
  }
  return insert.seconds
}

private func runEverydayBaseline(
  _ names: [String], _ expected: Double, _ samples: inout EverydaySamples
) throws {
  let cNames = names.map { strdup($0) }
  defer { cNames.forEach { free($0) } }
  try freshPath { path in
    guard let db = csqlite_baseline_open(path) else {
      throw EverydayFailure(description: "the C baseline could not open \(path)")
    }
    defer { csqlite_baseline_close(db) }
    samples.pack.append(try baselineInsert(db, cNames))
  }
  try freshPath { path in
    guard let db = csqlite_baseline_open(path) else {
      throw EverydayFailure(description: "the C baseline could not open \(path)")
    }
    defer { csqlite_baseline_close(db) }
    samples.insert.append(try baselineInsert(db, cNames))

    for mode in [Collected.Mode.rows, .items, .sum] {
      // Made and freed inside the timed part, as the package's side makes and frees its array.
      let read = clock { () -> Double in
        let collected = Collected()
        collected.mode = mode
        let context = Unmanaged.passUnretained(collected).toOpaque()
        _ = csqlite_baseline_each_row(db, baselineRow, context)
        var sum = collected.sum
        for item in collected.items {
          sum += Double(item.id) + Double(item.name.utf8.count) + item.score
        }
        for (id, name, score) in collected.rows {
          sum += Double(id) + Double(name.utf8.count) + score
        }
        withExtendedLifetime(collected) {}
        return sum
      }
      try check(read.result, expected, "the C baseline")
      switch mode {
      case .rows: samples.rows.append(read.seconds)
      case .items: samples.decodable.append(read.seconds)
      case .sum: samples.cursor.append(read.seconds)
      }
    }
  }
}

/// The C baseline's row callback: builds the same Swift values the package's side builds.
private let baselineRow: csqlite_baseline_row_fn = { context, id, name, length, score in
  guard let context else { return }
  let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
  let text = String(decoding: UnsafeBufferPointer(start: name, count: Int(length)), as: UTF8.self)
  switch collected.mode {
  case .items: collected.items.append(Item(id: id, name: text, score: score))
  case .rows: collected.rows.append((id, text, score))
  case .sum: collected.sum += Double(id) + Double(text.utf8.count) + score
  }
}

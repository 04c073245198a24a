import DatabaseClient
import Foundation

// The child process of DatabaseClientTests' crash test: `DatabaseCrashChild <database path>`.
//
// 1. Commits `committedRows` rows of batch "committed" and prints "committed".
// 2. Opens one large transaction inserting rows of batch "doomed"; after `rowsBeforeSignal`
//    of them (enough to spill uncommitted pages into the WAL file) prints "inside", then goes
//    on inserting until the parent kills it with SIGKILL. It gives up by itself after
//    `deadline` so that it can never outlive a parent that died.

let committedRows = 500
let rowsBeforeSignal = 20_000
let deadline = Date().addingTimeInterval(60)
let payload = String(repeating: "x", count: 200)

func say(_ line: String) {
  FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: DatabaseCrashChild <database path>\n".utf8))
  exit(2)
}

do {
  let db = try Database(path: CommandLine.arguments[1])
  try db.migrate([
    Migration(
      "create rows",
      sql: "CREATE TABLE rows (id INTEGER PRIMARY KEY, batch TEXT NOT NULL, body TEXT NOT NULL)")
  ])
  try db.transaction { conn in
    let insert = try conn.prepare("INSERT INTO rows (batch, body) VALUES (?, ?)")
    for _ in 0..<committedRows { try insert.execute("committed", payload) }
  }
  say("committed")
  try db.transaction { conn in
    let insert = try conn.prepare("INSERT INTO rows (batch, body) VALUES (?, ?)")
    var inserted = 0
    while Date() < deadline {
      try insert.execute("doomed", payload)
      inserted += 1
      if inserted == rowsBeforeSignal { say("inside") }
    }
  }
  exit(3)
} catch {
  FileHandle.standardError.write(Data("DatabaseCrashChild: \(error)\n".utf8))
  exit(1)
}

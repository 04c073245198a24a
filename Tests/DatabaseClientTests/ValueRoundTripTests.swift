import DatabaseClient
import Foundation
import Testing

@Suite("values round trip through a real file")
struct ValueRoundTripTests {
  @Test("NULL, empty and non-ASCII text, a 1 MiB blob, Int64 extremes, a millisecond date")
  func everyValueType() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, value)")

    let blob = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    let date = Date(timeIntervalSince1970: 1_763_711_400.123)
    let values: [(any DatabaseValueConvertible)?] = [
      nil, "", "Grüße, 東京 👩‍👩‍👧‍👦 ﷺ", blob, Data(), Int64.min, Int64.max, date, 3.25, true,
      false,
    ]
    for (id, value) in values.enumerated() {
      try db.execute("INSERT INTO v (id, value) VALUES (?, ?)", [id, value])
    }
    // Reopen, so the values come back from the file rather than the connection's memory.
    let reopened = try Database(path: fixture.path)
    let rows = try reopened.query("SELECT value FROM v ORDER BY id")
    let stored = rows.map { $0.value(at: 0) }
    #expect(
      stored == [
        .null, .text(""), .text("Grüße, 東京 👩‍👩‍👧‍👦 ﷺ"), .blob(blob), .blob(Data()),
        .integer(.min), .integer(.max), .integer(1_763_711_400_123), .real(3.25), .integer(1),
        .integer(0),
      ])
    #expect(rows[0][0] as String? == nil)
    #expect(try rows[0].get(0, as: String?.self) == nil)
    #expect(try rows[1].get(0) as String == "")
    #expect(try rows[3].get(0) as Data == blob)
    #expect(try rows[5].get(0) as Int64 == .min)
    #expect(try rows[6].get(0) as Int64 == .max)
    #expect(try rows[7].get(0) as Date == date)
    #expect(try rows[9].get(0) as Bool == true)
    #expect(try rows[10].get(0) as Bool == false)
  }

  @Test("a date keeps its milliseconds and rounds anything finer to the nearest millisecond")
  func dateMilliseconds() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE d (id INTEGER PRIMARY KEY, at INTEGER)")
    let exact = Date(timeIntervalSince1970: -86_400.999)
    let finer = Date(timeIntervalSince1970: 1_000.0006)
    try db.execute("INSERT INTO d (id, at) VALUES (1, ?), (2, ?)", [exact, finer])
    let rows = try db.query("SELECT at FROM d ORDER BY id")
    #expect(rows.map { $0.value(at: 0) } == [.integer(-86_400_999), .integer(1_000_001)])
    #expect(rows[0][0] as Date? == exact)
  }

  @Test("hostile strings are bound, never spliced, and come back unchanged")
  func hostileStrings() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let hostile = [
      "'; DROP TABLE people; --", "Robert'); DROP TABLE people;--", "\"double\" and 'single'",
      "nul\u{0}in the middle", "\u{0}", "back\\slash %_ wildcards", "?", "?1 :name @x $y",
    ]
    for (id, name) in hostile.enumerated() {
      try db.execute("INSERT INTO people (id, name) VALUES (?, ?)", [id, name])
    }
    let read = try db.query("SELECT name FROM people ORDER BY id").map { $0["name"] as String? }
    #expect(read == hostile)
    let found = try db.queryOne("SELECT id FROM people WHERE name = ?", [hostile[0]])
    #expect(found?["id"] as Int? == 0)
    #expect(try count("people", in: db) == hostile.count)
  }

  @Test("the prepared-statement fast path binds and reads every type")
  func statementFastPath() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try fixture.openWithPeople()
    let born = Date(timeIntervalSince1970: 86_400)
    try db.transaction { conn in
      let insert = try conn.prepare(
        "INSERT INTO people (id, name, age, score, photo, born) VALUES (?, ?, ?, ?, ?, ?)")
      try insert.execute(1, "Ann", 30, 1.5, Data([1, 2, 3]), born)
      try insert.execute(2, "", nil as Int?, -0.5, Data(), nil as Date?)
    }
    var seen: [String] = []
    try db.withConnection { conn in
      let select = try conn.prepare("SELECT id, name, age, score, photo, born FROM people")
      try select.bind()
      while try select.step() {
        let bytes = select.withUTF8(at: 1) { Array($0) }
        seen.append(
          "\(select.int64(at: 0)) \(select.string(at: 1)) \(bytes.count) "
            + "\(select.isNull(at: 2) ? "null" : String(select.int(at: 2))) "
            + "\(select.double(at: 3)) \(Array(select.data(at: 4))) "
            + "\(try select.get(5, as: Date?.self).map { $0 == born } ?? false)")
      }
    }
    #expect(seen == ["1 Ann 3 30 1.5 [1, 2, 3] true", "2  0 null -0.5 [] false"])
  }

  @Test("rows read by index and by name, and decode into Decodable types")
  func rowsAndDecoding() throws {
    enum Kind: String, Decodable, DatabaseValueConvertible { case passenger, driver }
    struct Person: Decodable, Equatable {
      let id: Int
      let name: String
      let age: Int?
      let score: Double
      let born: Date
      let kind: Kind
      let verified: Bool
    }
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.executeScript(
      """
      CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, score REAL,
                      born INTEGER, kind TEXT, verified INTEGER);
      """)
    let born = Date(timeIntervalSince1970: 1_000_000)
    try db.execute(
      "INSERT INTO p VALUES (?, ?, ?, ?, ?, ?, ?)", [1, "Ann", 41, 4.5, born, Kind.driver, true])
    try db.execute(
      "INSERT INTO p VALUES (?, ?, ?, ?, ?, ?, ?)", [2, "Bo", nil, 3, born, "passenger", false])

    let people = try db.fetchAll(Person.self, "SELECT * FROM p ORDER BY id")
    #expect(
      people == [
        Person(
          id: 1, name: "Ann", age: 41, score: 4.5, born: born, kind: .driver, verified: true),
        Person(
          id: 2, name: "Bo", age: nil, score: 3, born: born, kind: .passenger, verified: false),
      ])
    let row = try #require(try db.queryOne("SELECT id, name AS Label FROM p WHERE id = ?", [2]))
    #expect(row.columnNames == ["id", "Label"])
    #expect(row["label"] as String? == "Bo")
    #expect(row[1] as String? == "Bo")
    #expect(row[1] as Int? == nil)
    #expect(row[7] as String? == nil)
    #expect(try db.fetchAll(String.self, "SELECT name FROM p ORDER BY id") == ["Ann", "Bo"])
    #expect(try db.fetchOne(Int.self, "SELECT COUNT(*) FROM p") == 2)
    #expect(try db.fetchOne(Person.self, "SELECT * FROM p WHERE id = 3") == nil)
    #expect(try db.queryOne("SELECT * FROM p WHERE id = 3") == nil)
  }
}

import DatabaseClient
import Foundation
import Testing

/// The statically typed argument form, `execute(sql, a, b, c)`, in every call shape, with
/// every supported type and `NULL`, read back as what the array form stores.
@Suite("statically typed arguments (parameter packs)")
struct PackFormTests {
  enum Role: String, DatabaseValueConvertible { case passenger, driver }
  enum Level: Int64, DatabaseValueConvertible { case low = 1, high = 9 }

  /// A type of an app's own, with no `bind(to:at:)` of its own: bound through
  /// `databaseValue`.
  struct Point: DatabaseValueConvertible, Equatable {
    var x: Int64, y: Int64
    var databaseValue: DatabaseValue { .text("\(x),\(y)") }
    init(_ x: Int64, _ y: Int64) { (self.x, self.y) = (x, y) }
    init?(databaseValue: DatabaseValue) {
      guard case .text(let text) = databaseValue else { return nil }
      let parts = text.split(separator: ",").compactMap { Int64($0) }
      guard parts.count == 2 else { return nil }
      (x, y) = (parts[0], parts[1])
    }
  }

  static let date = Date(timeIntervalSince1970: 1_700_000_000.25)
  static let blob = Data([0, 1, 2, 255])
  static let columns = "(i, i64, i32, d, b, s, data, date, dv, role, level, point, none, some)"
  static let insert = "INSERT INTO v \(columns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
  /// What one row of `insertAll(_:n:)` stores, column by column.
  static func expected(_ n: Int) -> [DatabaseValue] {
    [
      .integer(Int64(n)), .integer(Int64.min), .integer(-7), .real(0.5), .integer(1),
      .text("文 \(n)\u{0}nul"), .blob(blob), .integer(1_700_000_000_250), .real(2.5),
      .text("driver"), .integer(9), .text("3,4"), .null, .text("some"),
    ]
  }

  static func open(_ fixture: Fixture) throws -> Database {
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE v \(columns)")
    return db
  }

  @Test("execute on a database and on a connection, and Statement.execute and bind")
  func executeShapes() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.open(fixture)
    func insert(_ n: Int, into db: some DatabaseExecutor) throws -> Int {
      try db.execute(
        Self.insert, n, Int64.min, Int32(-7), 0.5, true, "文 \(n)\u{0}nul", Self.blob, Self.date,
        DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4), String?.none,
        Optional("some"))
    }
    #expect(try insert(0, into: db) == 1)
    let viaConnection = try db.transaction { conn in try insert(1, into: conn) }
    #expect(viaConnection == 1)
    try db.withConnection { conn in
      let statement = try conn.prepare(Self.insert)
      try statement.execute(
        2, Int64.min, Int32(-7), 0.5, true, "文 2\u{0}nul", Self.blob, Self.date,
        DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4), String?.none,
        Optional("some"))
      try statement.bind(
        3, Int64.min, Int32(-7), 0.5, true, "文 3\u{0}nul", Self.blob, Self.date,
        DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4), String?.none,
        Optional("some"))
      #expect(try statement.step() == false)
    }
    let rows = try db.query("SELECT * FROM v ORDER BY i")
    #expect(rows.map(\.values) == (0...3).map(Self.expected))
    // The array form stores the same values.
    try db.execute(
      Self.insert,
      [4, Int64.min, Int32(-7), 0.5, true, "文 4\u{0}nul", Self.blob, Self.date,
       DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4), nil, "some"])
    #expect(try db.queryOne("SELECT * FROM v WHERE i = 4")?.values == Self.expected(4))
  }

  @Test("query, queryOne, withCursor, fetchAll, fetchOne and forEach bind every type")
  func queryShapes() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Self.open(fixture)
    for n in 0..<3 {
      try db.execute(
        Self.insert, n, Int64.min, Int32(-7), 0.5, true, "文 \(n)\u{0}nul", Self.blob,
        Self.date, DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4),
        String?.none, Optional("some"))
    }
    // Every parameter compared against its own column: a row matches only if each value was
    // bound as itself.
    let match = """
      SELECT i FROM v WHERE i >= ? AND i64 = ? AND i32 = ? AND d = ? AND b = ? AND data = ?
        AND date = ? AND dv = ? AND role = ? AND level = ? AND point = ? AND none IS ?
        AND some = ? ORDER BY i
      """
    let none: Int? = nil
    let rows = try db.query(
      match, 1, Int64.min, Int32(-7), 0.5, true, Self.blob, Self.date, DatabaseValue.real(2.5),
      Role.driver, Level.high, Point(3, 4), none, "some")
    #expect(try rows.map { try $0.get(0, as: Int.self) } == [1, 2])
    let one = try db.queryOne(
      match, 2, Int64.min, Int32(-7), 0.5, true, Self.blob, Self.date, DatabaseValue.real(2.5),
      Role.driver, Level.high, Point(3, 4), none, "some")
    #expect(one?.values == [.integer(2)])
    let viaCursor = try db.withCursor(
      match, 0, Int64.min, Int32(-7), 0.5, true, Self.blob, Self.date, DatabaseValue.real(2.5),
      Role.driver, Level.high, Point(3, 4), none, "some"
    ) { cursor throws(DatabaseError) -> [Int] in
      var ids: [Int] = []
      while try cursor.next() { ids.append(try cursor.get(0)) }
      return ids
    }
    #expect(viaCursor == [0, 1, 2])
    let all = try db.fetchAll(
      Int.self, match, 1, Int64.min, Int32(-7), 0.5, true, Self.blob, Self.date,
      DatabaseValue.real(2.5), Role.driver, Level.high, Point(3, 4), none, "some")
    #expect(all == [1, 2])
    #expect(try db.fetchOne(Int.self, "SELECT i FROM v WHERE s = ?", "文 1\u{0}nul") == 1)
    #expect(try db.fetchOne(Int.self, "SELECT i FROM v WHERE s = ?", "文 1") == nil)
    var seen: [Int] = []
    try db.forEach(Int.self, "SELECT i FROM v WHERE i > ? AND role = ?", 0, Role.driver) {
      seen.append($0)
      return true
    }
    #expect(seen == [1, 2])
    // No arguments at all.
    #expect(try db.fetchOne(Int.self, "SELECT COUNT(*) FROM v") == 3)
    #expect(try db.query("SELECT i FROM v").count == 3)
  }

  @Test("NULL from a nil Optional of every type, in every position")
  func nulls() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE n (a, b, c, d, e, f, g)")
    try db.execute(
      "INSERT INTO n VALUES (?, ?, ?, ?, ?, ?, ?)", Int?.none, Int64?.none, Double?.none,
      String?.none, Data?.none, Date?.none, Role?.none)
    #expect(try db.queryOne("SELECT * FROM n")?.values == Array(repeating: .null, count: 7))
    #expect(try db.fetchOne(Int.self, "SELECT COUNT(*) FROM n WHERE a IS ?", Int?.none) == 1)
  }

  @Test("a wrong count of values is misuse, before anything is bound, in every shape")
  func wrongCount() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (a, b)")
    let insert = "INSERT INTO t (a, b) VALUES (?, ?)"
    func kind(_ body: () throws -> Void) -> DatabaseError.Kind? {
      do {
        try body()
        return nil
      } catch {
        return (error as? DatabaseError)?.kind
      }
    }
    #expect(kind { try db.execute(insert, 1) } == .misuse)
    #expect(kind { try db.execute(insert, 1, 2, 3) } == .misuse)
    #expect(kind { try db.execute(insert) } == .misuse)
    #expect(kind { _ = try db.query("SELECT ?", 1, 2) } == .misuse)
    #expect(kind { _ = try db.fetchOne(Int.self, "SELECT ?") } == .misuse)
    try db.withConnection { conn in
      let statement = try conn.prepare(insert)
      #expect(kind { try statement.execute(1) } == .misuse)
      #expect(kind { try statement.execute(1, 2, 3) } == .misuse)
    }
    #expect {
      try db.execute(insert, 1, 2, 3)
    } throws: { error in
      (error as? DatabaseError)?.message.contains("2 parameters but 3 values") == true
    }
    #expect(try db.execute(insert, 1, 2) == 1)
    #expect(try db.query("SELECT a, b FROM t").map(\.values) == [[.integer(1), .integer(2)]])
  }
}

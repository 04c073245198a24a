@testable import DatabaseClient
import Foundation
import Testing

/// `execute(sql, [args])` reads its arguments where the array holds them (`ArgumentList`);
/// every kind of argument must still bind as itself.
@Suite("the everyday argument array binds every kind of value, nil in any place")
struct ArgumentListTests {
  /// Wider than an existential's three-word inline buffer, so it is boxed on the heap.
  struct Wide: DatabaseValueConvertible, Equatable {
    var a: Int64, b: Int64, c: Int64, d: Int64
    var databaseValue: DatabaseValue { .text("\(a)-\(b)-\(c)-\(d)") }
    init(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64) {
      (self.a, self.b, self.c, self.d) = (a, b, c, d)
    }
    init?(databaseValue: DatabaseValue) {
      guard case .text(let text) = databaseValue else { return nil }
      let parts = text.split(separator: "-").compactMap { Int64($0) }
      guard parts.count == 4 else { return nil }
      self.init(parts[0], parts[1], parts[2], parts[3])
    }
  }

  enum Kind: String, DatabaseValueConvertible { case passenger, driver }

  @Test("on this platform arguments are read in place (the layout check holds)")
  func layoutHolds() {
    // Swift's ABI fixes this layout on every platform the package supports; if a compiler
    // ever changed it, `execute` would take the copying path and this test says so.
    #expect(ArgumentList.reader != nil)
  }

  @Test("integers, reals, texts, blobs, dates, enums, optionals, boxed values and nil")
  func everyKind() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE v (a, b, c, d, e, f, g, h, i, j)")
    let big = String(repeating: "文", count: 400_000)  // 1.2 MB of UTF-8
    let blob = Data((0..<1_048_576).map { UInt8(truncatingIfNeeded: $0) })
    let date = Date(timeIntervalSince1970: 1_700_000_000.25)
    let none: Int? = nil
    let some: String? = "🙂"
    let arguments: [(any DatabaseValueConvertible)?] = [
      nil, Int64.min, 0.5, big, blob, date, Kind.driver, none, some, Wide(1, 2, 3, 4),
    ]
    #expect(try db.execute("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", arguments) == 1)
    try db.execute(
      "INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [Wide(5, 6, 7, 8), nil, nil, "", Data(), nil, Kind.passenger, 7, nil, true])

    let rows = try db.query("SELECT * FROM v ORDER BY rowid")
    #expect(rows.count == 2)
    #expect(rows[0].values[0] == .null)
    #expect(rows[0]["a"] as Int64? == nil)
    #expect(try rows[0].get("b", as: Int64.self) == .min)
    #expect(try rows[0].get("c", as: Double.self) == 0.5)
    #expect(try rows[0].get("d", as: String.self) == big)
    #expect(try rows[0].get("e", as: Data.self) == blob)
    #expect(try rows[0].get("f", as: Date.self) == date)
    #expect(try rows[0].get("g", as: Kind.self) == .driver)
    #expect(rows[0].values[7] == .null)
    #expect(try rows[0].get("i", as: String.self) == "🙂")
    #expect(try rows[0].get("j", as: Wide.self) == Wide(1, 2, 3, 4))
    #expect(
      rows[1].values == [
        .text("5-6-7-8"), .null, .null, .text(""), .blob(Data()), .null, .text("passenger"),
        .integer(7), .null, .integer(1),
      ])
  }

  @Test("a wrong count of arguments is misuse, and the cached statement still works")
  func wrongCount() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let db = try Database(path: fixture.path)
    try db.execute("CREATE TABLE v (a, b)")
    #expect(throws: DatabaseError.self) { try db.execute("INSERT INTO v VALUES (?, ?)", [1]) }
    #expect(throws: DatabaseError.self) {
      try db.execute("INSERT INTO v VALUES (?, ?)", [1, 2, 3])
    }
    #expect(try db.execute("INSERT INTO v VALUES (?, ?)", [1, nil]) == 1)
    #expect(try db.query("SELECT a, b FROM v").map(\.values) == [[.integer(1), .null]])
  }
}

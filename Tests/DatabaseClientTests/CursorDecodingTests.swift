import DatabaseClient
import Foundation
import Testing

/// `fetchAll` / `fetchOne` / `forEach` decode straight from the cursor; every value and every
/// error must be exactly what `Row.decode` gives for the same row.
@Suite("decoding rows straight from the cursor")
struct CursorDecodingTests {
  enum Mood: String, Decodable, Equatable { case calm, busy }

  struct Everything: Decodable, Equatable {
    let int: Int
    let int8: Int8
    let int16: Int16
    let int32: Int32
    let int64: Int64
    let uint: UInt
    let uint8: UInt8
    let uint16: UInt16
    let uint32: UInt32
    let uint64: UInt64
    let double: Double
    let float: Float
    let bool: Bool
    let string: String
    let data: Data
    let date: Date
    let uuid: UUID
    let mood: Mood
    let optional: String?
    let absent: Int?
  }

  static let everythingSQL = """
    SELECT 1 AS int, -8 AS int8, 16 AS int16, 32 AS int32, 64 AS int64, 7 AS uint, 8 AS uint8,
      16 AS uint16, 32 AS uint32, 64 AS uint64, 0.5 AS double, 1.5 AS float, 1 AS bool,
      'héllo 👋🏽' AS string, x'00ff' AS data, 1700000000123 AS date,
      '9B2C7D6E-34A1-4C5B-9E0F-0123456789AB' AS uuid,
      'busy' AS mood, NULL AS optional
    """

  @Test("every supported type, optionals, NULL and a missing optional column")
  func everything() throws {
    let db = try Database.inMemory()
    let fast = try #require(try db.fetchOne(Everything.self, Self.everythingSQL))
    let slow = try #require(try db.queryOne(Self.everythingSQL)).decode(Everything.self)
    #expect(fast == slow)
    #expect(fast.string == "héllo 👋🏽")
    #expect(fast.data == Data([0, 255]))
    #expect(fast.date == Date(timeIntervalSince1970: 1_700_000_000.123))
    #expect(fast.mood == .busy)
    #expect(fast.optional == nil && fast.absent == nil)
    #expect(fast.uuid.uuidString == "9B2C7D6E-34A1-4C5B-9E0F-0123456789AB")
  }

  struct Named: Decodable, Equatable {
    let identifier: Int
    let displayName: String
    enum CodingKeys: String, CodingKey {
      case identifier = "id"
      case displayName = "display_name"
    }
  }

  @Test("coding keys with their own column names; many rows in order; a one-column row")
  func keysAndRows() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (id INTEGER, display_name TEXT)")
    for id in 1...300 { try db.execute("INSERT INTO t VALUES (?, ?)", [id, "n\(id)"]) }
    let all = try db.fetchAll(Named.self, "SELECT * FROM t ORDER BY id")
    #expect(all.count == 300)
    #expect(all.first == Named(identifier: 1, displayName: "n1"))
    #expect(all == (try db.query("SELECT * FROM t ORDER BY id").map { try $0.decode(Named.self) }))
    let names = try db.fetchAll(String.self, "SELECT display_name FROM t WHERE id <= 2")
    #expect(names == ["n1", "n2"])
    var seen = 0
    try db.forEach(Named.self, "SELECT * FROM t") { _ throws(DatabaseError) in
      seen += 1
      return seen < 10
    }
    #expect(seen == 10)
  }

  struct Strict: Decodable { let id: Int; let name: String }
  struct Nested: Decodable { let id: Int; let inner: Strict }

  @Test(
    "a row that does not decode gives Row.decode's error: the column named, never a value",
    arguments: [
      "SELECT 1 AS id", "SELECT 'secret-token' AS id, 'x' AS name",
      "SELECT 1 AS id, NULL AS name", "SELECT 1 AS id, 'x' AS name, 2 AS nope",
    ])
  func sameErrors(sql: String) throws {
    let db = try Database.inMemory()
    for type in [Strict.self, Nested.self] as [any Decodable.Type] {
      if sql.contains("nope"), type == Strict.self { continue }  // that row is a Strict
      let fast = Self.error { _ = try Self.fetchOne(type, sql, db) }
      let row = try #require(try db.queryOne(sql))
      let slow = Self.error { _ = try Self.decode(type, row) }
      #expect(fast != nil)
      #expect(fast?.message == slow?.message, "\(type) from \(sql)")
      #expect(fast?.kind == .conversionFailed)
      #expect(!(fast?.message.contains("secret-token") ?? true))
    }
  }

  @Test("a nested Decodable is refused with a sentence that says why")
  func nestedRefused() throws {
    let db = try Database.inMemory()
    do {
      _ = try db.fetchOne(Nested.self, "SELECT 1 AS id, 'x' AS inner")
      Issue.record("a nested type decoded from a column")
    } catch {
      #expect(
        error.message
          == "cannot decode Nested: inner: a column holds one value, not a nested container")
    }
  }

  /// Reads its columns through two key types, switching on every row.
  struct TwoKeyTypes: Decodable, Equatable {
    let id: Int64
    let score: Double
    let label: String
    let count: Int
    enum First: String, CodingKey { case id, score }
    enum Second: String, CodingKey { case label, count }

    init(id: Int64, score: Double, label: String, count: Int) {
      (self.id, self.score, self.label, self.count) = (id, score, label, count)
    }

    init(from decoder: any Decoder) throws {
      let first = try decoder.container(keyedBy: First.self)
      let second = try decoder.container(keyedBy: Second.self)
      label = try second.decode(String.self, forKey: .label)
      id = try first.decode(Int64.self, forKey: .id)
      count = try second.decode(Int.self, forKey: .count)
      score = try first.decode(Double.self, forKey: .score)
    }
  }

  @Test("an INTEGER read as Double and a whole REAL as Int64; two key types in turn, every row")
  func conversionsAndKeyTypes() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (id, score, label, count)")
    try db.execute("INSERT INTO t VALUES (1, 2, 'a', 3), (4.0, 5.5, 'b', 6), (7, 8, 'c', 9.0)")
    let sql = "SELECT id, score, label, count FROM t ORDER BY rowid"
    let fast = try db.fetchAll(TwoKeyTypes.self, sql)
    let slow = try db.query(sql).map { try $0.decode(TwoKeyTypes.self) }
    #expect(
      fast == [
        TwoKeyTypes(id: 1, score: 2, label: "a", count: 3),
        TwoKeyTypes(id: 4, score: 5.5, label: "b", count: 6),
        TwoKeyTypes(id: 7, score: 8, label: "c", count: 9),
      ])
    #expect(fast == slow)
    // Text is never read as a number, nor a fractional REAL as an integer, on either path.
    for bad in ["SELECT 1 AS id, 'x' AS score, 'l' AS label, 1 AS count",
      "SELECT 1.5 AS id, 1 AS score, 'l' AS label, 1 AS count",
      "SELECT 1 AS id, 1 AS score, 2 AS label, 1 AS count"]
    {
      let fastError = Self.error { _ = try Self.fetchOne(TwoKeyTypes.self, bad, db) }
      let row = try #require(try db.queryOne(bad))
      let slowError = Self.error { _ = try Self.decode(TwoKeyTypes.self, row) }
      #expect(fastError?.kind == .conversionFailed)
      #expect(fastError?.message == slowError?.message, "\(bad)")
    }
  }

  struct Snake: Decodable, Equatable {
    let id: Int
    let displayName: String
    let createdAtMs: Int64
    let _rowId_: Int
    let userName: String
    let note: String?
  }

  @Test("convertFromSnakeCase: display_name is read by displayName, on both paths")
  func snakeCase() throws {
    let db = try Database.inMemory()
    let sql = """
      SELECT 1 AS id, 'Ann' AS display_name, 17 AS created_at_ms, 9 AS _row_id_,
        'ann' AS userName, 'n' AS NOTE
      """
    let expected = Snake(
      id: 1, displayName: "Ann", createdAtMs: 17, _rowId_: 9, userName: "ann", note: "n")
    #expect(try db.fetchOne(Snake.self, sql, keyDecoding: .convertFromSnakeCase) == expected)
    #expect(try db.fetchAll(Snake.self, sql, keyDecoding: .convertFromSnakeCase) == [expected])
    let row = try #require(try db.queryOne(sql))
    #expect(try row.decode(Snake.self, keyDecoding: .convertFromSnakeCase) == expected)
    // Without the strategy the snake_case columns are not found, and the error names the key.
    #expect(Self.error { _ = try db.fetchOne(Snake.self, sql) }?.message
      == "cannot decode Snake: no column named displayName")
    #expect(Self.error { _ = try row.decode(Snake.self) }?.message
      == "cannot decode Snake: no column named displayName")
  }

  /// Collects the keys a strategy makes of a row's column names.
  struct KeyNames: Decodable {
    struct AnyKey: CodingKey {
      var stringValue: String
      var intValue: Int? { nil }
      init(stringValue: String) { self.stringValue = stringValue }
      init?(intValue: Int) { nil }
    }
    let names: [String]
    init(from decoder: any Decoder) throws {
      names = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    }
  }

  @Test("convertFromSnakeCase turns column names into keys exactly as JSONDecoder does")
  func snakeCaseLikeJSONDecoder() throws {
    let names = [
      "id", "display_name", "URL_value", "_private_key", "trailing_", "__both__ends__", "a__b",
      "already_camelCase", "éclair_au_chocolat", "x_2nd_try", "___", "plain",
    ]
    let db = try Database.inMemory()
    let sql = "SELECT " + names.map { "1 AS \"\($0)\"" }.joined(separator: ", ")
    let ours = try #require(try db.fetchOne(KeyNames.self, sql, keyDecoding: .convertFromSnakeCase))
    let json = "{" + names.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let theirs = try decoder.decode(KeyNames.self, from: Data(json.utf8))
    #expect(Set(ours.names) == Set(theirs.names))
    #expect(ours.names.count == names.count)
  }

  struct Prefixed: Decodable, Equatable { let id: Int; let name: String }

  @Test("a custom strategy: each column name is turned into the key that reads it")
  func customStrategy() throws {
    let db = try Database.inMemory()
    let strip: ColumnKeyDecodingStrategy = .custom { column in
      column.hasPrefix("col_") ? String(column.dropFirst(4)) : column
    }
    let sql = "SELECT 1 AS col_id, 'x' AS col_name UNION ALL SELECT 2, 'y'"
    let fast = try db.fetchAll(Prefixed.self, sql, keyDecoding: strip)
    let slow = try db.query(sql).map { try $0.decode(Prefixed.self, keyDecoding: strip) }
    #expect(fast == [Prefixed(id: 1, name: "x"), Prefixed(id: 2, name: "y")])
    #expect(fast == slow)
    var seen: [Prefixed] = []
    try db.forEach(Prefixed.self, sql, keyDecoding: strip) { value throws(DatabaseError) in
      seen.append(value)
      return true
    }
    #expect(seen == fast)
  }

  struct Blob: Decodable { let body: Data; let note: String }

  @Test("a 1 MiB blob and emoji text come back byte for byte")
  func largeValues() throws {
    let db = try Database.inMemory()
    try db.execute("CREATE TABLE t (body BLOB, note TEXT)")
    let body = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let note = String(repeating: "👩🏽‍💻🇦🇺", count: 1_000)
    try db.execute("INSERT INTO t VALUES (?, ?)", [body, note])
    let read = try #require(try db.fetchOne(Blob.self, "SELECT body, note FROM t"))
    #expect(read.body == body)
    #expect(read.note == note)
  }

  static func error(_ body: () throws -> Void) -> DatabaseError? {
    do {
      try body()
      return nil
    } catch {
      return error as? DatabaseError
    }
  }

  static func fetchOne(_ type: any Decodable.Type, _ sql: String, _ db: Database) throws -> Any? {
    try fetchOne(of: type, sql, db)
  }

  private static func fetchOne<T: Decodable>(
    of type: T.Type, _ sql: String, _ db: Database
  ) throws -> Any? {
    try db.fetchOne(T.self, sql)
  }

  static func decode(_ type: any Decodable.Type, _ row: Row) throws -> Any {
    try decode(of: type, row)
  }

  private static func decode<T: Decodable>(of type: T.Type, _ row: Row) throws -> Any {
    try row.decode(T.self)
  }
}

// What the query functions of `DatabaseExecutor` do with a cursor once its statement is bound,
// the same for both argument forms.
extension RowCursor {
  /// Every row, the values of all of them in one array the rows share: no allocation per row.
  func readAll() throws(DatabaseError) -> [Row] {
    var values: [DatabaseValue] = []
    var rowCount = 0
    while try next() {
      try appendValues(to: &values)
      rowCount += 1
    }
    guard rowCount > 0 else { return [] }
    let names = try columnNames()
    let shared = SharedValues(columnNames: names, values: values)
    let width = names.count
    return (0..<rowCount).map { Row(shared: shared, start: $0 * width, count: width) }
  }

  /// The first row, or `nil` when there is none.
  func readFirst() throws(DatabaseError) -> Row? {
    try next() ? try row() : nil
  }

  /// The first row decoded into `T`, or `nil` when there is none.
  func decodeFirst<T: Decodable>(
    _ type: T.Type, keyDecoding: ColumnKeyDecodingStrategy
  ) throws(DatabaseError) -> T? {
    guard try next() else { return nil }
    return try CursorRowDecoder(cursor: self, keyDecoding: keyDecoding).decode(T.self)
  }

  /// Each row decoded into `T` and handed to `body`, until the rows end or `body` says stop.
  func decodeEach<T: Decodable>(
    _ type: T.Type, keyDecoding: ColumnKeyDecodingStrategy,
    _ body: (T) throws(DatabaseError) -> Bool
  ) throws(DatabaseError) {
    let decoder = CursorRowDecoder(cursor: self, keyDecoding: keyDecoding)
    while try next() {
      guard try body(try decoder.decode(T.self)) else { return }
    }
  }
}

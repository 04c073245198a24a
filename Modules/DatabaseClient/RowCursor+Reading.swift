// What the query functions of `DatabaseExecutor` do with a cursor once its statement is bound,
// the same for both argument forms.
extension RowCursor {
  /// Every row, the values of all of them in one array the rows share: no allocation per row.
  func readAll() throws(DatabaseError) -> [Row] {
    guard try next() else { return [] }
    let names = try columnNames()
    let width = names.count
    var values: [DatabaseValue] = []
    var rowCount = 0
    // The cursor is this function's alone: after its first row it steps the statement
    // itself, without the checks a caller's reads need.
    repeat {
      for index in 0..<width { values.append(statement.value(at: index)) }
      rowCount += 1
    } while try statement.step()
    let shared = SharedValues(columnNames: names, values: values)
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

/// Decodes the cursor's current row into a `Decodable`, reading columns straight from SQLite.
///
/// Each coding key is matched to its column once per query: a synthesized `init(from:)` asks
/// for its keys in the same order every row, so the cursor's n-th lookup of a row remembers
/// the key it saw and the column it found, and the next row only checks that the key is the
/// same. The keyed container is made once per query and reused.
final class CursorRowDecoder {
  let cursor: RowCursor
  private let context: DecodingContext

  init(cursor: RowCursor, keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys) {
    self.cursor = cursor
    context = DecodingContext(cursor, keyDecoding: keyDecoding)
  }

  /// Decodes the current row.
  func decode<T: Decodable>(_ type: T.Type) throws(DatabaseError) -> T {
    try cursor.checkRow()
    do {
      return try T(from: SourceDecoder(context: context))
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw Row.decodingFailure(of: T.self, error)
    }
  }
}

extension Row {
  /// Decodes the row into `T`, matching `T`'s coding keys to column names.
  ///
  /// Each property reads its column the way ``DatabaseValueConvertible`` does (so a `Date` is
  /// read from milliseconds and a `Bool` from 0 / 1); other `Decodable` values that decode from
  /// a single value (`String`-backed enums, `UUID`) read it through their own `init(from:)`
  /// (`URL` decodes as keyed values, so a URL column is read as a `String`). An optional
  /// property is `nil` for `NULL` or a missing column. A type that decodes from a single value
  /// (`String`, `Int`, …) reads a one-column row.
  ///
  /// ```swift
  /// struct User: Decodable { let id: String; let email: String; let name: String? }
  /// let user = try row.decode(User.self)
  /// ```
  /// - Parameters:
  ///   - type: The type to decode.
  ///   - keyDecoding: How coding keys find their columns; by default each reads the column
  ///     of its own name.
  /// - Returns: The decoded value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` naming the property that did not fit.
  public func decode<T: Decodable>(
    _ type: T.Type, keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys
  ) throws(DatabaseError) -> T {
    do {
      let context = DecodingContext(RowColumns(self), keyDecoding: keyDecoding)
      return try T(from: SourceDecoder(context: context))
    } catch let error as DatabaseError {
      throw error
    } catch {
      throw Self.decodingFailure(of: T.self, error)
    }
  }

  /// The error for a row that did not decode into `type`: the column named, never a value.
  static func decodingFailure(of type: Any.Type, _ error: any Error) -> DatabaseError {
    let reason = (error as? DecodingError).map(explain) ?? "\(error)"
    return DatabaseError(kind: .conversionFailed, message: "cannot decode \(type): \(reason)")
  }

  private static func explain(_ error: DecodingError) -> String {
    let context: DecodingError.Context
    switch error {
    case .keyNotFound(let key, _):
      return "no column named \(key.stringValue)"
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found):
      context = found
    @unknown default:
      return "\(error)"
    }
    let path = context.codingPath.map(\.stringValue).joined(separator: ".")
    return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
  }
}

extension Row {
  /// Decodes the row into `T`, matching `T`'s coding keys to column names.
  ///
  /// Each property reads its column the way ``DatabaseValueConvertible`` does (so a `Date` is
  /// read from milliseconds and a `Bool` from 0 / 1); other `Decodable` values that decode from
  /// a single value (`String`-backed enums, `URL`, `UUID`) read it through their own
  /// `init(from:)`. An optional property is `nil` for `NULL` or a missing column. A type that
  /// decodes from a single value (`String`, `Int`, …) reads a one-column row.
  ///
  /// ```swift
  /// struct User: Decodable { let id: String; let email: String; let name: String? }
  /// let user = try row.decode(User.self)
  /// ```
  /// - Parameter type: The type to decode.
  /// - Returns: The decoded value.
  /// - Throws: ``DatabaseError`` `.conversionFailed` naming the property that did not fit.
  public func decode<T: Decodable>(_ type: T.Type) throws(DatabaseError) -> T {
    do {
      return try T(from: RowDecoder(row: self))
    } catch let error as DatabaseError {
      throw error
    } catch let error as DecodingError {
      throw DatabaseError(
        kind: .conversionFailed, message: "cannot decode \(T.self): \(Self.explain(error))")
    } catch {
      throw DatabaseError(
        kind: .conversionFailed, message: "cannot decode \(T.self): \(error)")
    }
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

/// Decodes a row: the top level is a keyed container over its columns, or a single value
/// when the row has exactly one column.
struct RowDecoder: Decoder {
  let row: Row
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    KeyedDecodingContainer(RowKeyedContainer<Key>(row: row))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      .init(codingPath: [], debugDescription: "a row decodes as keyed values, not a list"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    guard row.count == 1, let value = row.value(at: 0) else {
      throw DecodingError.typeMismatch(
        DatabaseValue.self,
        .init(
          codingPath: [],
          debugDescription: "a single value needs a row of one column, not \(row.count)"))
    }
    return ColumnDecoder(value: value, codingPath: [])
  }
}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let row: Row
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { row.columnNames.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { row.index(of: key.stringValue) != nil }

  private func column(_ key: Key) throws -> ColumnDecoder {
    guard let value = row.value(named: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: [key], debugDescription: "no column named \(key.stringValue)"))
    }
    return ColumnDecoder(value: value, codingPath: [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { try column(key).decodeNil() }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try column(key).decode(type) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try column(key).decode(type)
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try column(key).decode(type)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try column(key).decode(type) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try column(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try column(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try column(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try column(key).decode(type) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try column(key).decode(type) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try column(key).decode(type) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try column(key).decode(type) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try column(key).decode(type)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try column(key).decode(type)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try column(key).decode(type)
  }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try column(key).decode(type)
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try column(key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try column(key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder { RowDecoder(row: row) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try column(key) }
}

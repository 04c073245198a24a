/// Decodes one column's value: a single value, never a nested container (store nested data as
/// JSON text and decode it yourself).
struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
  let value: DatabaseValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    throw nested()
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw nested() }
  func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

  func decodeNil() -> Bool { value.isNull }
  func decode(_ type: Bool.Type) throws -> Bool { try convert() }
  func decode(_ type: String.Type) throws -> String { try convert() }
  func decode(_ type: Double.Type) throws -> Double { try convert() }
  func decode(_ type: Float.Type) throws -> Float { Float(try convert() as Double) }
  func decode(_ type: Int.Type) throws -> Int { try convert() }
  func decode(_ type: Int8.Type) throws -> Int8 { try narrow() }
  func decode(_ type: Int16.Type) throws -> Int16 { try narrow() }
  func decode(_ type: Int32.Type) throws -> Int32 { try convert() }
  func decode(_ type: Int64.Type) throws -> Int64 { try convert() }
  func decode(_ type: UInt.Type) throws -> UInt { try narrow() }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow() }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow() }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow() }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow() }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    // Types with a storage format of their own (Date as milliseconds, Data as a blob) read it
    // directly; the rest (String-backed enums, URL, UUID) decode from the single value.
    if let convertible = T.self as? any DatabaseValueConvertible.Type {
      guard let converted = convertible.init(databaseValue: value) as? T else {
        throw mismatch(T.self)
      }
      return converted
    }
    return try T(from: self)
  }

  private func convert<T: DatabaseValueConvertible>() throws -> T {
    guard let converted = T(databaseValue: value) else { throw mismatch(T.self) }
    return converted
  }

  private func narrow<T: FixedWidthInteger>() throws -> T {
    guard let converted = T(exactly: try convert() as Int64) else { throw mismatch(T.self) }
    return converted
  }

  private func mismatch(_ type: Any.Type) -> DecodingError {
    let explanation = "the column " + value.mismatchDescription(type)
    if value.isNull {
      return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: explanation))
    }
    return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: explanation))
  }

  private func nested() -> DecodingError {
    .typeMismatch(
      DatabaseValue.self,
      .init(
        codingPath: codingPath,
        debugDescription: "a column holds one value, not a nested container"))
  }
}

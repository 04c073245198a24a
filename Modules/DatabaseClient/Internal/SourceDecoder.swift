/// Decodes one row of a ``ColumnSource``: the top level is a keyed container over its
/// columns, or a single value when the row has exactly one column.
///
/// One word wide (a reference to its context), so `T(from:)` gets it in an existential
/// without a heap box.
struct SourceDecoder: Decoder {
  let context: DecodingContext
  var source: any ColumnSource { context.source }
  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
    // The key type is checked by identity first: cheaper than a dynamic cast every row.
    if context.containerKey == ObjectIdentifier(Key.self), let reused = context.container {
      return unsafeDowncast(reused, to: ContainerBox<Key>.self).container
    }
    let made = KeyedDecodingContainer(SourceKeyedContainer<Key>(source: source))
    context.container = ContainerBox(made)
    context.containerKey = ObjectIdentifier(Key.self)
    return made
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    throw DecodingError.typeMismatch(
      [Any].self,
      .init(codingPath: [], debugDescription: "a row decodes as keyed values, not a list"))
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    let count = source.columnCount
    guard count == 1 else {
      throw DecodingError.typeMismatch(
        DatabaseValue.self,
        .init(
          codingPath: [],
          debugDescription: "a single value needs a row of one column, not \(count)"))
    }
    return ColumnDecoder(value: source.columnValue(at: 0), codingPath: [])
  }
}

/// The source of one decoding, and the keyed container made for it: a container reads its
/// source's current row, so one per query is enough when decoding from a cursor, and making
/// one per row costs an allocation and generic-metadata lookups.
final class DecodingContext {
  let source: any ColumnSource
  /// A `ContainerBox<Key>` for the key type `containerKey`.
  var container: AnyObject?
  var containerKey: ObjectIdentifier?

  init(_ source: any ColumnSource) {
    self.source = source
  }
}

/// A keyed container to reuse.
final class ContainerBox<Key: CodingKey> {
  let container: KeyedDecodingContainer<Key>

  init(_ container: KeyedDecodingContainer<Key>) {
    self.container = container
  }
}

/// Reads columns by coding key. Integers, reals and text of the matching storage class are
/// read without boxing; everything else, and every mismatch, goes through ``ColumnDecoder``,
/// so values and errors are the same whichever the source.
private struct SourceKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let source: any ColumnSource
  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { source.columnKeys.compactMap(Key.init(stringValue:)) }

  func contains(_ key: Key) -> Bool { source.columnIndex(of: key.stringValue) != nil }

  private func index(_ key: Key) throws -> Int {
    guard let index = source.columnIndex(of: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: [key], debugDescription: "no column named \(key.stringValue)"))
    }
    return index
  }

  private func column(_ key: Key) throws -> ColumnDecoder {
    try column(at: index(key), key)
  }

  private func column(at index: Int, _ key: Key) -> ColumnDecoder {
    ColumnDecoder(value: source.columnValue(at: index), codingPath: [key])
  }

  func decodeNil(forKey key: Key) throws -> Bool { source.storedIsNull(at: try index(key)) }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    let index = try index(key)
    return try source.storedText(at: index) ?? column(at: index, key).decode(type)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    let index = try index(key)
    return try source.storedReal(at: index) ?? column(at: index, key).decode(type)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    let index = try index(key)
    return try source.storedInteger(at: index).flatMap(Int.init(exactly:))
      ?? column(at: index, key).decode(type)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    let index = try index(key)
    return try source.storedInteger(at: index) ?? column(at: index, key).decode(type)
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try column(key).decode(type) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try column(key).decode(type) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try column(key).decode(type) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try column(key).decode(type) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try column(key).decode(type) }
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

  func superDecoder() throws -> any Decoder { SourceDecoder(context: DecodingContext(source)) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try column(key) }
}

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
    // A checked cast: a query that decodes one type finds its container made for it.
    if let reused = context.container as? ContainerBox<KeyedDecodingContainer<Key>> {
      return reused.value()
    }
    return makeContainer(keyedBy: Key.self)
  }

  // Apart, so that the path above holds no `KeyedDecodingContainer<Key>` of its own, whose
  // metadata the function would look up on entry whichever path it then takes.
  @inline(never)
  private func makeContainer<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key>
  {
    let box = ContainerBox(KeyedDecodingContainer(SourceKeyedContainer<Key>(source: source)))
    context.container = box
    return box.value()
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
  /// The row's columns; under a key strategy other than the default, seen through
  /// ``RenamedColumns``.
  let source: any ColumnSource
  /// The `ContainerBox` of the `KeyedDecodingContainer` made last.
  var container: AnyObject?

  init(_ source: any ColumnSource, keyDecoding: ColumnKeyDecodingStrategy = .useDefaultKeys) {
    if case .useDefaultKeys = keyDecoding {
      self.source = source
    } else {
      self.source = RenamedColumns(source, keyDecoding)
    }
  }
}

/// A keyed container to reuse: made once per query, found again each row by a checked cast
/// (which looks up the box type's metadata, the price of not trusting an unchecked one).
final class ContainerBox<Value> {
  private let stored: Value

  init(_ value: Value) {
    stored = value
  }

  /// A copy of the container.
  func value() -> Value { stored }
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
    guard let index = source.columnIndex(of: key.stringValue) else { throw missing(key) }
    return index
  }

  private func missing(_ key: Key) -> DecodingError {
    .keyNotFound(
      key, .init(codingPath: [key], debugDescription: "no column named \(key.stringValue)"))
  }

  private func column(_ key: Key) throws -> ColumnDecoder {
    try column(at: index(key), key)
  }

  private func column(at index: Int, _ key: Key) -> ColumnDecoder {
    ColumnDecoder(value: source.columnValue(at: index), codingPath: [key])
  }

  /// The column at `index` (from a typed read that found another storage class), or the
  /// error for a missing column when `index` is -1.
  private func other(_ index: Int, _ key: Key) throws -> ColumnDecoder {
    guard index >= 0 else { throw missing(key) }
    return column(at: index, key)
  }

  func decodeNil(forKey key: Key) throws -> Bool {
    guard let isNull = source.isNull(named: key.stringValue) else { throw missing(key) }
    return isNull
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    var index = -1
    if let value = source.text(named: key.stringValue, index: &index) { return value }
    return try other(index, key).decode(type)
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    var index = -1
    if let value = source.real(named: key.stringValue, index: &index) { return value }
    return try other(index, key).decode(type)
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    var index = -1
    if let value = source.integer(named: key.stringValue, index: &index) {
      if let exact = Int(exactly: value) { return exact }
      // Too big for a 32-bit `Int`: the column decoder says so.
      return try ColumnDecoder(value: .integer(value), codingPath: [key]).decode(type)
    }
    return try other(index, key).decode(type)
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    var index = -1
    if let value = source.integer(named: key.stringValue, index: &index) { return value }
    return try other(index, key).decode(type)
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

  // `source` already applies the key strategy.
  func superDecoder() throws -> any Decoder { SourceDecoder(context: DecodingContext(source)) }
  func superDecoder(forKey key: Key) throws -> any Decoder { try column(key) }
}

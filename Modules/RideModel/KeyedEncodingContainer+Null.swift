extension KeyedEncodingContainer {
  /// Writes `null` for a missing value instead of leaving the key out, because Koober's HTTP
  /// contract shows optional fields (`address`, `driverId`, `next`) as present and null.
  mutating func encodeOrNull<Value: Encodable>(_ value: Value?, forKey key: Key) throws {
    if let value {
      try encode(value, forKey: key)
    } else {
      try encodeNil(forKey: key)
    }
  }
}

extension CBOR {
  /// Decodes one item that fills `bytes` exactly.
  /// - Parameter bytes: The encoded item.
  /// - Returns: The item.
  /// - Throws: ``WebAuthnError`` for anything outside the subset, input that ends early and
  ///   bytes left over (``WebAuthnError/trailingBytes``).
  public static func decode(_ bytes: [UInt8]) throws(WebAuthnError) -> CBOR {
    let (item, length) = try decodePrefix(bytes[...])
    guard length == bytes.count else { throw .trailingBytes }
    return item
  }

  /// Decodes the item at the start of `bytes`, which may go on after it (a COSE key inside
  /// authenticator data is followed by extensions).
  /// - Parameter bytes: The input; only its start is read.
  /// - Returns: The item and how many bytes it took.
  /// - Throws: ``WebAuthnError`` for anything outside the subset and input that ends early.
  public static func decodePrefix(
    _ bytes: ArraySlice<UInt8>
  ) throws(WebAuthnError) -> (item: CBOR, length: Int) {
    var reader = Reader(bytes: bytes, position: bytes.startIndex)
    let item = try reader.item(depth: 0)
    return (item, reader.position - bytes.startIndex)
  }
}

/// Reads items from a slice; every length read is checked against what is left before it is
/// used, so no count from the input can allocate or index beyond it.
private struct Reader {
  let bytes: ArraySlice<UInt8>
  var position: Int

  var remaining: Int { bytes.endIndex - position }

  mutating func byte() throws(WebAuthnError) -> UInt8 {
    guard position < bytes.endIndex else { throw .truncated }
    defer { position += 1 }
    return bytes[position]
  }

  mutating func take(_ count: UInt64) throws(WebAuthnError) -> ArraySlice<UInt8> {
    guard count <= UInt64(remaining) else { throw .truncated }
    let end = position + Int(count)
    defer { position = end }
    return bytes[position..<end]
  }

  /// The argument of a head whose additional information is `info` (RFC 8949 §3).
  mutating func argument(_ info: UInt8) throws(WebAuthnError) -> UInt64 {
    switch info {
    case 0..<24: return UInt64(info)
    case 24...27:
      var value: UInt64 = 0
      for byte in try take(1 << (info - 24)) { value = value << 8 | UInt64(byte) }
      return value
    case 28...30: throw .reservedAdditionalInformation
    default: throw .indefiniteLength
    }
  }

  /// A count of elements, each at least one byte long: more than the bytes left is input
  /// that ends early, found before any storage is reserved for them.
  mutating func count(_ info: UInt8, perElement: UInt64) throws(WebAuthnError) -> Int {
    let count = try argument(info)
    let (needed, overflow) = count.multipliedReportingOverflow(by: perElement)
    guard !overflow, needed <= UInt64(remaining) else { throw .truncated }
    return Int(count)
  }

  mutating func item(depth: Int) throws(WebAuthnError) -> CBOR {
    let head = try byte()
    let major = head >> 5
    let info = head & 0x1f
    switch major {
    case 0: return .unsigned(try argument(info))
    case 1: return .negative(try argument(info))
    case 2: return .bytes(Array(try take(try argument(info))))
    case 3:
      let utf8 = try take(try argument(info))
      // String(validating:) needs macOS 15: decoding replaces any bad sequence with U+FFFD,
      // so text that is not the same bytes again was not UTF-8.
      let text = String(decoding: utf8, as: UTF8.self)
      guard text.utf8.elementsEqual(utf8) else { throw .invalidUTF8 }
      return .text(text)
    case 4:
      guard depth < CBOR.maximumDepth else { throw .nestingTooDeep }
      let count = try count(info, perElement: 1)
      var elements: [CBOR] = []
      elements.reserveCapacity(count)
      for _ in 0..<count { elements.append(try item(depth: depth + 1)) }
      return .array(elements)
    case 5:
      guard depth < CBOR.maximumDepth else { throw .nestingTooDeep }
      let count = try count(info, perElement: 2)
      var entries: [(key: CBOR, value: CBOR)] = []
      entries.reserveCapacity(count)
      var seen = Set<[UInt8]>()
      for _ in 0..<count {
        let key = try item(depth: depth + 1)
        guard seen.insert(key.encoded()).inserted else { throw .duplicateMapKey }
        entries.append((key, try item(depth: depth + 1)))
      }
      return .map(entries)
    case 6: throw .tagged
    default: return try simple(info)
    }
  }

  mutating func simple(_ info: UInt8) throws(WebAuthnError) -> CBOR {
    switch info {
    case 20: .bool(false)
    case 21: .bool(true)
    case 22: .null
    case 24...27: throw .floatingPoint
    case 28...30: throw .reservedAdditionalInformation
    case 31: throw .indefiniteLength
    default: throw .unsupportedSimpleValue
    }
  }
}

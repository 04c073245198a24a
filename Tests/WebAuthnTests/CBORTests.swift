import Testing
import WebAuthn

/// RFC 8949 Appendix A's examples that fall in the subset, both ways, and every kind of input
/// outside it refused with its own error.
@Suite("CBOR")
struct CBORTests {
  struct Vector: Sendable, CustomStringConvertible {
    let item: CBOR
    let encoding: String
    var description: String { encoding }
  }

  static let appendixA: [Vector] = [
    Vector(item: .unsigned(0), encoding: "00"),
    Vector(item: .unsigned(1), encoding: "01"),
    Vector(item: .unsigned(10), encoding: "0a"),
    Vector(item: .unsigned(23), encoding: "17"),
    Vector(item: .unsigned(24), encoding: "1818"),
    Vector(item: .unsigned(25), encoding: "1819"),
    Vector(item: .unsigned(100), encoding: "1864"),
    Vector(item: .unsigned(1000), encoding: "1903e8"),
    Vector(item: .unsigned(1_000_000), encoding: "1a000f4240"),
    Vector(item: .unsigned(1_000_000_000_000), encoding: "1b000000e8d4a51000"),
    Vector(item: .unsigned(UInt64.max), encoding: "1bffffffffffffffff"),
    Vector(item: .negative(UInt64.max), encoding: "3bffffffffffffffff"),
    Vector(item: .int(-1), encoding: "20"),
    Vector(item: .int(-10), encoding: "29"),
    Vector(item: .int(-100), encoding: "3863"),
    Vector(item: .int(-1000), encoding: "3903e7"),
    Vector(item: .bool(false), encoding: "f4"),
    Vector(item: .bool(true), encoding: "f5"),
    Vector(item: .null, encoding: "f6"),
    Vector(item: .bytes([]), encoding: "40"),
    Vector(item: .bytes([1, 2, 3, 4]), encoding: "4401020304"),
    Vector(item: .text(""), encoding: "60"),
    Vector(item: .text("a"), encoding: "6161"),
    Vector(item: .text("IETF"), encoding: "6449455446"),
    Vector(item: .text("\"\\"), encoding: "62225c"),
    Vector(item: .text("\u{00fc}"), encoding: "62c3bc"),
    Vector(item: .text("\u{6c34}"), encoding: "63e6b0b4"),
    Vector(item: .text("\u{10151}"), encoding: "64f0908591"),
    Vector(item: .array([]), encoding: "80"),
    Vector(item: .array([.int(1), .int(2), .int(3)]), encoding: "83010203"),
    Vector(
      item: .array([.int(1), .array([.int(2), .int(3)]), .array([.int(4), .int(5)])]),
      encoding: "8301820203820405"),
    Vector(
      item: .array((1...25).map { .int($0) }),
      encoding: "98190102030405060708090a0b0c0d0e0f101112131415161718181819"),
    Vector(item: .map([]), encoding: "a0"),
    Vector(item: .map([(.int(1), .int(2)), (.int(3), .int(4))]), encoding: "a201020304"),
    Vector(
      item: .map([(.text("a"), .int(1)), (.text("b"), .array([.int(2), .int(3)]))]),
      encoding: "a26161016162820203"),
    Vector(
      item: .array([.text("a"), .map([(.text("b"), .text("c"))])]),
      encoding: "826161a161626163"),
    Vector(
      item: .map(["a", "b", "c", "d", "e"].map { (.text($0), .text($0.uppercased())) }),
      encoding: "a56161614161626142616361436164614461656145"),
  ]

  @Test("RFC 8949 Appendix A decodes to its item", arguments: appendixA)
  func decodesAppendixA(vector: Vector) throws {
    #expect(try CBOR.decode(hex(vector.encoding)) == vector.item)
  }

  @Test("RFC 8949 Appendix A encodes to its bytes", arguments: appendixA)
  func encodesAppendixA(vector: Vector) {
    #expect(vector.item.encoded() == hex(vector.encoding))
  }

  @Test("map keys are written in the bytewise order of their encodings (RFC 8949 §4.2.1)")
  func deterministicKeyOrder() {
    let keys: [CBOR] = [
      .bool(false), .array([.int(-1)]), .text("aa"), .int(100), .text("z"), .int(-1),
      .array([.int(100)]), .int(10),
    ]
    let map = CBOR.map(keys.map { ($0, .null) })
    #expect(
      map.encoded()
        == hex("a8" + "0af6" + "1864f6" + "20f6" + "617af6" + "626161f6" + "811864f6" + "8120f6"
          + "f4f6"))
  }

  @Test("arguments longer than needed are read, and written back in the shortest form")
  func nonPreferredArguments() throws {
    let item = try CBOR.decode(hex("1b0000000000000001"))
    #expect(item == .unsigned(1))
    #expect(item.encoded() == [0x01])
    #expect(try CBOR.decode(hex("5800")) == .bytes([]))
  }

  @Test("integers read as Int when they fit, and not when they do not")
  func intValues() {
    #expect(CBOR.int(Int.min).intValue == Int.min)
    #expect(CBOR.int(Int.max).intValue == Int.max)
    #expect(CBOR.unsigned(UInt64.max).intValue == nil)
    #expect(CBOR.negative(UInt64.max).intValue == nil)
  }

  @Test("map lookups by integer and text key")
  func lookups() throws {
    let item = try CBOR.decode(hex("a2016178206179"))   // {1: "x", -1: "y"}
    #expect(item[key: 1] == .text("x"))
    #expect(item[key: -1] == .text("y"))
    #expect(item[key: 2] == nil)
    #expect(CBOR.array([]).self[key: "fmt"] == nil)
    #expect(item.mapValue?.count == 2)
  }

  struct Refusal: Sendable, CustomStringConvertible {
    let encoding: String
    let error: WebAuthnError
    let why: String
    var description: String { why }
  }

  static let refusals: [Refusal] = [
    Refusal(encoding: "f90000", error: .floatingPoint, why: "half-precision float"),
    Refusal(encoding: "fa47c35000", error: .floatingPoint, why: "single-precision float"),
    Refusal(encoding: "fb3ff199999999999a", error: .floatingPoint, why: "double-precision float"),
    Refusal(encoding: "f8ff", error: .floatingPoint, why: "one-byte simple value"),
    Refusal(encoding: "f7", error: .unsupportedSimpleValue, why: "undefined"),
    Refusal(encoding: "f0", error: .unsupportedSimpleValue, why: "simple(16)"),
    Refusal(encoding: "c074323031332d30332d32315432303a30343a30305a", error: .tagged,
      why: "tag 0"),
    Refusal(encoding: "c249010000000000000000", error: .tagged,
      why: "a big number beyond UInt64 (tag 2)"),
    Refusal(encoding: "c349010000000000000000", error: .tagged,
      why: "a negative big number beyond UInt64 (tag 3)"),
    Refusal(encoding: "5f42010243030405ff", error: .indefiniteLength,
      why: "indefinite byte string"),
    Refusal(encoding: "7f657374726561646d696e67ff", error: .indefiniteLength,
      why: "indefinite text string"),
    Refusal(encoding: "9fff", error: .indefiniteLength, why: "indefinite array"),
    Refusal(encoding: "bf6346756ef563416d7421ff", error: .indefiniteLength,
      why: "indefinite map"),
    Refusal(encoding: "ff", error: .indefiniteLength, why: "a stray break"),
    Refusal(encoding: "1c", error: .reservedAdditionalInformation, why: "additional info 28"),
    Refusal(encoding: "3e", error: .reservedAdditionalInformation, why: "additional info 30"),
    Refusal(encoding: "0000", error: .trailingBytes, why: "a second item"),
    Refusal(encoding: "", error: .truncated, why: "no bytes"),
    Refusal(encoding: "18", error: .truncated, why: "an argument that ends early"),
    Refusal(encoding: "1b00000000", error: .truncated, why: "an 8-byte argument cut short"),
    Refusal(encoding: "4401", error: .truncated, why: "a byte string longer than the input"),
    Refusal(encoding: "5affffffff00", error: .truncated, why: "a 4 GiB byte string"),
    Refusal(encoding: "7bffffffffffffffff00", error: .truncated,
      why: "a text string of 2^64-1 bytes"),
    Refusal(encoding: "9bffffffffffffffff00", error: .truncated,
      why: "an array of 2^64-1 elements"),
    Refusal(encoding: "bbffffffffffffffff00", error: .truncated,
      why: "a map of 2^64-1 entries (the byte count overflows)"),
    Refusal(encoding: "a20102", error: .truncated, why: "a map missing its second entry"),
    Refusal(encoding: "a201020103", error: .duplicateMapKey, why: "a key twice"),
    Refusal(encoding: "a20102180103", error: .duplicateMapKey,
      why: "a key twice, once in a longer form"),
    Refusal(encoding: "a2616101616102", error: .duplicateMapKey, why: "a text key twice"),
    Refusal(encoding: "62c328", error: .invalidUTF8, why: "text that is not UTF-8"),
    Refusal(encoding: "63eda080", error: .invalidUTF8, why: "a UTF-8 surrogate"),
  ]

  @Test("input outside the subset is refused with its own error", arguments: refusals)
  func refuses(refusal: Refusal) {
    #expect(throws: refusal.error) { try CBOR.decode(hex(refusal.encoding)) }
  }

  @Test("16 nested arrays are read; 17 are refused before the 17th is read")
  func nestingDepth() throws {
    let sixteen = [UInt8](repeating: 0x81, count: 15) + [0x80]
    var item = try CBOR.decode(sixteen)
    var depth = 0
    while case .array(let elements) = item {
      depth += 1
      guard let first = elements.first else { break }
      item = first
    }
    #expect(depth == CBOR.maximumDepth)
    #expect(throws: WebAuthnError.nestingTooDeep) {
      try CBOR.decode([UInt8](repeating: 0x81, count: 16) + [0x80])
    }
    #expect(throws: WebAuthnError.nestingTooDeep) {
      try CBOR.decode([UInt8](repeating: 0, count: 16).flatMap { [0xa1, $0] } + [0xa0])
    }
    #expect(throws: WebAuthnError.nestingTooDeep) {
      try CBOR.decode([UInt8](repeating: 0x81, count: 100_000))
    }
  }

  @Test("decodePrefix reads one item and says how long it was")
  func prefix() throws {
    let bytes = hex("a10102ff00")
    let (item, length) = try CBOR.decodePrefix(bytes[...])
    #expect(item == .map([(.int(1), .int(2))]))
    #expect(length == 3)
    let (second, secondLength) = try CBOR.decodePrefix(hex("00a0ff")[1...])
    #expect(second == .map([]))
    #expect(secondLength == 1)
  }
}

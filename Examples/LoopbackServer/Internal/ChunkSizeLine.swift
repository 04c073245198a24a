/// The first line of a chunk (RFC 9112 §7.1): a hexadecimal size, then optional extensions.
///
/// The size is parsed from at most 15 significant digits, so it can never overflow; a longer
/// number is larger than any body cap. Every byte of the line but the size's significant
/// digits (leading zeros, spaces, extensions) counts toward the body cap as ``overhead``.
struct ChunkSizeLine: Equatable {
  /// What a chunk-size line says.
  enum Parsed: Equatable {
    case chunk(ChunkSizeLine)
    /// A size too large for any body cap (16 or more significant hexadecimal digits).
    case tooLarge
    /// Not a chunk-size line.
    case malformed
  }

  /// The chunk's size in bytes; 0 for the last chunk.
  let size: Int
  /// How many bytes of the line count toward the body cap.
  let overhead: Int

  /// Significant digits beyond which a size is certainly over the cap: 16^15 is 2^60 bytes.
  private static let maxSignificantDigits = 15

  /// Parses one line without its line ending.
  static func parse(_ line: ArraySlice<UInt8>) -> Parsed {
    var rest = line.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let digits = rest.prefix { hexValue($0) != nil }
    guard !digits.isEmpty else { return .malformed }
    rest = rest.dropFirst(digits.count)
    let afterSize = rest.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard afterSize.isEmpty || afterSize.first == UInt8(ascii: ";") else { return .malformed }
    let significant = digits.drop { $0 == UInt8(ascii: "0") }
    guard significant.count <= maxSignificantDigits else { return .tooLarge }
    var size = 0
    for digit in significant {
      size = size * 16 + (hexValue(digit) ?? 0)
    }
    // A size of zero keeps one digit as its own, so `0` alone has no overhead.
    let kept = max(significant.count, 1)
    return .chunk(ChunkSizeLine(size: size, overhead: line.count - kept))
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}

/// RFC 4648 base32 in lower case without padding, for ids and tokens that survive URLs,
/// headers and case-insensitive eyes.
enum Base32 {
  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567")

  /// Encodes bytes.
  /// - Parameter bytes: the input.
  /// - Returns: `ceil(8 * count / 5)` characters from `a–z2–7`.
  static func encode(_ bytes: [UInt8]) -> String {
    var output = ""
    output.reserveCapacity((bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        bits -= 5
        output.append(alphabet[Int((buffer >> UInt32(bits)) & 31)])
      }
      buffer &= (1 << UInt32(bits)) - 1
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
    }
    return output
  }
}

/// One percent-encoded octet, `%` and two hex digits (RFC 3986 §2.1), read one way for the
/// modules that decode or normalise URL text by the byte.
package enum PercentEscape {
  /// The octet of the escape starting at `index`.
  /// - Parameters:
  ///   - bytes: UTF-8 text.
  ///   - index: Where the escape would start.
  /// - Returns: The octet, or `nil` when `bytes` holds no `%` followed by two hex digits (in
  ///   either case) at `index`.
  package static func octet(in bytes: [UInt8], at index: Int) -> UInt8? {
    guard index >= 0, bytes.count - index > 2, bytes[index] == UInt8(ascii: "%"),
      let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
    else { return nil }
    return high << 4 | low
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

import Foundation

/// An `application/x-www-form-urlencoded` body as RFC 6749 Appendix B asks: every byte of
/// the UTF-8 text that is not unreserved (`A-Z a-z 0-9 - . _ ~`) is percent-encoded, a space
/// as `%20`, so `+`, `&` and `=` in a password can never be read as anything else.
enum FormBody {
  /// The fields, in order, as `name=value&…`.
  /// - Parameter fields: Names and values.
  /// - Returns: The encoded body.
  static func encode(_ fields: [(name: String, value: String)]) -> Data {
    let pairs = fields.map { component($0.name) + "=" + component($0.value) }
    return Data(pairs.joined(separator: "&").utf8)
  }

  /// One name or value, percent-encoded.
  /// - Parameter text: The text.
  /// - Returns: The encoded text (ASCII).
  static func component(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if isUnreserved(byte) {
        result.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        result += "%"
        result.unicodeScalars.append(hexDigits[Int(byte >> 4)])
        result.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return result
  }

  private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }
}

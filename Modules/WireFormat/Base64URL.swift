import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs (RFC 7515 §2) and PKCE (RFC 7636
/// Appendix A) write bytes: one reading and one writing for every module.
package enum Base64URL {
  /// The bytes in base64url, without `=` padding.
  /// - Parameter bytes: The bytes.
  /// - Returns: The text.
  package static func encoded(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// The bytes of base64url text, padded or not.
  /// - Parameter text: The text.
  /// - Returns: The bytes, or `nil` when the text is not base64url (a length of 1 mod 4
  ///   included).
  package static func decoded(_ text: some StringProtocol) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    switch base64.utf8.count % 4 {
    case 0: break
    case 2: base64 += "=="
    case 3: base64 += "="
    default: return nil
    }
    return Data(base64Encoded: base64)
  }
}

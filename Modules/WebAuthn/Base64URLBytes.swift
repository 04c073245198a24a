import WireFormat

/// Bytes that JSON carries as base64url without padding, as the W3C JSON forms of WebAuthn
/// write every binary value (WebAuthn Level 3 §5.1, `Base64URLString`).
///
/// Decoding refuses text outside the base64url alphabet, `=` padding included.
///
/// ```swift
/// let challenge = Base64URLBytes([1, 2, 3])
/// challenge.base64URL                          // "AQID"
/// ```
public struct Base64URLBytes: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The bytes.
  public var bytes: [UInt8]

  /// Wraps bytes.
  /// - Parameter bytes: The bytes.
  public init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Reads base64url text without padding.
  /// - Parameter text: The text.
  /// - Throws: ``WebAuthnError/invalidBase64URL`` for any other text.
  public init(base64URL text: String) throws(WebAuthnError) {
    let alphabet = text.utf8.allSatisfy { byte in
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
        true
      default: false
      }
    }
    guard alphabet, let data = Base64URL.decoded(text) else { throw .invalidBase64URL }
    bytes = Array(data)
  }

  /// The bytes as base64url without padding.
  public var base64URL: String { Base64URL.encoded(bytes) }

  /// The base64url text.
  public var description: String { base64URL }

  /// Decodes a JSON string of base64url text.
  /// - Parameter decoder: The decoder positioned at the string.
  /// - Throws: `DecodingError.dataCorrupted` when the string is not base64url.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    do {
      try self.init(base64URL: text)
    } catch {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "Not base64url without padding.")
    }
  }

  /// Encodes the bytes as a JSON string of base64url text.
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError` from the encoder.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(base64URL)
  }
}

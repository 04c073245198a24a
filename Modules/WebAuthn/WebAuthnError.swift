/// Why bytes or JSON are not the WebAuthn value they claim to be.
///
/// No person reads these: a relying party answers one refusal for all of them, and a client
/// reports a broken authenticator. The cases say which rule broke, for logs and tests.
public enum WebAuthnError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The input ends before the item it announces (a length beyond the input included).
  case truncated
  /// Bytes follow the value that should have ended the input.
  case trailingBytes
  /// A CBOR item of indefinite length (additional information 31), or a stray break.
  case indefiniteLength
  /// A CBOR tag (major type 6); big numbers beyond 64 bits come as tags.
  case tagged
  /// A CBOR floating-point number, or the one-byte simple value form.
  case floatingPoint
  /// A CBOR simple value other than `false`, `true` and `null`.
  case unsupportedSimpleValue
  /// CBOR additional information 28 to 30, which RFC 8949 reserves.
  case reservedAdditionalInformation
  /// CBOR arrays and maps nested deeper than ``CBOR/maximumDepth``.
  case nestingTooDeep
  /// A CBOR map with the same key twice.
  case duplicateMapKey
  /// A CBOR text string that is not UTF-8.
  case invalidUTF8
  /// A field of a WebAuthn structure is missing, of the wrong type or of the wrong size.
  /// - Parameter field: The field's name as the specification writes it.
  case malformed(field: String)
  /// A COSE key of a type, curve or algorithm this module does not support.
  /// - Parameter reason: What was found, e.g. `alg -8`.
  case unsupportedKey(String)
  /// Text that is not base64url without padding.
  case invalidBase64URL
  /// Bytes that are not the JSON object the value needs.
  case invalidJSON

  /// The rule that broke, in one short English phrase.
  public var description: String {
    switch self {
    case .truncated: "input ends early"
    case .trailingBytes: "bytes after the value"
    case .indefiniteLength: "CBOR indefinite length"
    case .tagged: "CBOR tag"
    case .floatingPoint: "CBOR floating-point number"
    case .unsupportedSimpleValue: "CBOR simple value"
    case .reservedAdditionalInformation: "CBOR reserved additional information"
    case .nestingTooDeep: "CBOR nested too deep"
    case .duplicateMapKey: "CBOR duplicate map key"
    case .invalidUTF8: "CBOR text not UTF-8"
    case .malformed(let field): "malformed \(field)"
    case .unsupportedKey(let reason): "unsupported COSE key: \(reason)"
    case .invalidBase64URL: "not base64url"
    case .invalidJSON: "not the expected JSON"
    }
  }
}

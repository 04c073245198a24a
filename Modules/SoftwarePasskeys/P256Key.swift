import LoginCore
import WebAuthn

/// An ES256 key pair (ECDSA on P-256 with SHA-256): the private scalar, kept by the
/// authenticator, and its public point, which the server gets as a COSE key.
struct P256Key: Sendable {
  /// The private scalar, 32 bytes big-endian, in 1 … n − 1.
  let scalar: [UInt8]
  /// The public key, as the attested credential data carries it.
  let publicKey: COSEKey

  /// The order n of P-256's base point (SEC 2 §2.4.2), big-endian.
  private static let order: [UInt8] = [
    0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
    0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63, 0x25, 0x51,
  ]

  /// A new key: 32 random bytes, drawn again until they lie in 1 … n − 1 (FIPS 186-5
  /// A.4.2's rejection sampling; a draw is rejected about once in 2³² tries).
  /// - Throws: `.unavailable(.storage(_:))` when the system's random source or the crypto
  ///   library failed.
  static func generate() throws(AuthFailure) -> P256Key {
    for _ in 0..<8 {
      guard let candidate = P256Backend.randomBytes(32) else {
        throw .unavailable(.storage("the system's random source failed"))
      }
      if isValidScalar(candidate) { return try P256Key(scalar: candidate) }
    }
    throw .unavailable(.storage("the system's random source failed"))
  }

  /// The key of a stored scalar.
  /// - Parameter scalar: 32 bytes in 1 … n − 1.
  /// - Throws: `.unavailable(.storage(_:))` for a scalar out of range or one the crypto
  ///   library refused.
  init(scalar: [UInt8]) throws(AuthFailure) {
    guard Self.isValidScalar(scalar), let point = P256Backend.publicKey(of: scalar) else {
      throw .unavailable(.storage("a passkey's private key is not a P-256 key"))
    }
    self.scalar = scalar
    self.publicKey = .ec2P256(x: point.x, y: point.y)
  }

  /// The ES256 signature of `message`, DER-encoded as WebAuthn wants it.
  /// - Parameter message: The signed bytes (authenticator data ‖ SHA-256 of client data).
  /// - Returns: The signature.
  /// - Throws: `.unavailable(.storage(_:))` when the crypto library failed.
  func signature(of message: [UInt8]) throws(AuthFailure) -> [UInt8] {
    guard let signature = P256Backend.signature(of: message, with: scalar) else {
      throw .unavailable(.storage("a passkey could not sign"))
    }
    return signature
  }

  /// Whether `bytes` is a scalar in 1 … n − 1: 32 bytes, not zero, below the order.
  static func isValidScalar(_ bytes: [UInt8]) -> Bool {
    guard bytes.count == 32, bytes.contains(where: { $0 != 0 }) else { return false }
    for (byte, limit) in zip(bytes, order) where byte != limit {
      return byte < limit
    }
    return false
  }
}

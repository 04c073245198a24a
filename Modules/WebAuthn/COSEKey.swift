/// A credential public key as COSE writes it (RFC 9052 §7): an EC2 P-256 key for ES256 or an
/// RSA key for RS256, the two algorithms a relying party here offers.
///
/// ```swift
/// let key = try COSEKey(cbor: publicKeyBytes)
/// if case .ec2P256(let x, let y) = key { … }    // key.algorithm == .es256
/// ```
public enum COSEKey: Sendable, Equatable {
  /// An elliptic-curve key on P-256 (kty 2, crv 1, alg -7), its coordinates 32 bytes each.
  case ec2P256(x: [UInt8], y: [UInt8])
  /// An RSA key (kty 3, alg -257): modulus and public exponent, big-endian (RFC 8230 §4).
  case rsa(n: [UInt8], e: [UInt8])

  /// A COSE algorithm identifier (IANA "COSE Algorithms") this module reads keys for.
  public enum Algorithm: Int, Sendable, Equatable, CaseIterable {
    /// ECDSA with SHA-256 over P-256 (RFC 9053 §2.1).
    case es256 = -7
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 8812 §2).
    case rs256 = -257
  }

  /// The algorithm the key is for.
  public var algorithm: Algorithm {
    switch self {
    case .ec2P256: .es256
    case .rsa: .rs256
    }
  }

  /// Reads a key from its CBOR encoding.
  /// - Parameter bytes: The encoded COSE_Key, nothing after it.
  /// - Throws: ``WebAuthnError`` when the bytes are not CBOR, not a map, or a key of another
  ///   type, curve or algorithm (``WebAuthnError/unsupportedKey(_:)``).
  public init(cbor bytes: [UInt8]) throws(WebAuthnError) {
    try self.init(cbor: CBOR.decode(bytes))
  }

  /// Reads a key from a decoded COSE_Key map; labels other than kty, alg and the key's own
  /// parameters are ignored.
  /// - Parameter item: The map.
  /// - Throws: ``WebAuthnError/malformed(field:)`` for a map without kty or alg or with a
  ///   parameter of the wrong type or size, ``WebAuthnError/unsupportedKey(_:)`` for another
  ///   key type, curve or algorithm.
  public init(cbor item: CBOR) throws(WebAuthnError) {
    guard item.mapValue != nil else { throw .malformed(field: "credentialPublicKey") }
    guard let kty = item[key: Label.kty]?.intValue else { throw .malformed(field: "kty") }
    guard let alg = item[key: Label.alg]?.intValue else { throw .malformed(field: "alg") }
    switch (kty, alg) {
    case (2, Algorithm.es256.rawValue):
      guard let curve = item[key: Label.crvOrN]?.intValue else {
        throw .malformed(field: "crv")
      }
      guard curve == 1 else { throw .unsupportedKey("crv \(curve)") }
      guard let x = item[key: Label.xOrE]?.bytesValue, x.count == 32 else {
        throw .malformed(field: "x")
      }
      guard let y = item[key: Label.y]?.bytesValue, y.count == 32 else {
        throw .malformed(field: "y")
      }
      self = .ec2P256(x: x, y: y)
    case (3, Algorithm.rs256.rawValue):
      guard let n = item[key: Label.crvOrN]?.bytesValue, !n.isEmpty else {
        throw .malformed(field: "n")
      }
      guard let e = item[key: Label.xOrE]?.bytesValue, !e.isEmpty else {
        throw .malformed(field: "e")
      }
      self = .rsa(n: n, e: e)
    default:
      throw .unsupportedKey("kty \(kty) alg \(alg)")
    }
  }

  /// The key as a CBOR map (kty, alg and the key's parameters).
  public var cbor: CBOR {
    switch self {
    case .ec2P256(let x, let y):
      .map([
        (.int(Label.kty), .int(2)), (.int(Label.alg), .int(Algorithm.es256.rawValue)),
        (.int(Label.crvOrN), .int(1)), (.int(Label.xOrE), .bytes(x)), (.int(Label.y), .bytes(y)),
      ])
    case .rsa(let n, let e):
      .map([
        (.int(Label.kty), .int(3)), (.int(Label.alg), .int(Algorithm.rs256.rawValue)),
        (.int(Label.crvOrN), .bytes(n)), (.int(Label.xOrE), .bytes(e)),
      ])
    }
  }

  /// The key in CBOR's core deterministic encoding, as an authenticator writes it.
  /// - Returns: The encoded COSE_Key.
  public func encoded() -> [UInt8] { cbor.encoded() }

  /// COSE key labels (RFC 9052 §7.1, RFC 9053 §7.1.1, RFC 8230 §4): -1 is crv for EC2 and n
  /// for RSA, -2 is x for EC2 and e for RSA.
  private enum Label {
    static let kty = 1
    static let alg = 3
    static let crvOrN = -1
    static let xOrE = -2
    static let y = -3
  }
}

extension COSEKey {
  /// The key as a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): what libcrypto's
  /// `d2i_PUBKEY` and CryptoKit's `derRepresentation` read, and what the `publicKey` member of
  /// a registration response's JSON form carries.
  ///
  /// An EC2 key is written as an uncompressed P-256 point (RFC 5480), an RSA key as
  /// `RSAPublicKey` (RFC 8017 Appendix A.1.1) with its integers in their shortest positive
  /// form.
  /// - Returns: The DER bytes.
  public func subjectPublicKeyInfo() -> [UInt8] {
    switch self {
    case .ec2P256(let x, let y):
      // id-ecPublicKey (1.2.840.10045.2.1) with the named curve prime256v1
      // (1.2.840.10045.3.1.7).
      let algorithm = DER.sequence(
        [0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01]
          + [0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07])
      return DER.sequence(algorithm + DER.bitString([0x04] + x + y))
    case .rsa(let n, let e):
      // rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters.
      let algorithm = DER.sequence(
        [0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00])
      let key = DER.sequence(DER.integer(n) + DER.integer(e))
      return DER.sequence(algorithm + DER.bitString(key))
    }
  }
}

/// The few DER forms a SubjectPublicKeyInfo needs (X.690 §8, §10).
private enum DER {
  static func sequence(_ content: [UInt8]) -> [UInt8] { element(0x30, content) }

  static func bitString(_ content: [UInt8]) -> [UInt8] { element(0x03, [0x00] + content) }

  /// A non-negative INTEGER: leading zero bytes dropped, one added back when the first bit
  /// would otherwise read as a sign.
  static func integer(_ magnitude: [UInt8]) -> [UInt8] {
    var content = Array(magnitude.drop { $0 == 0 })
    if content.first.map({ $0 & 0x80 != 0 }) ?? true { content.insert(0, at: 0) }
    return element(0x02, content)
  }

  static func element(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
    var length = content.count
    guard length >= 0x80 else { return [tag, UInt8(length)] + content }
    var lengthBytes: [UInt8] = []
    while length > 0 {
      lengthBytes.insert(UInt8(truncatingIfNeeded: length), at: 0)
      length >>= 8
    }
    return [tag, 0x80 | UInt8(lengthBytes.count)] + lengthBytes + content
  }
}

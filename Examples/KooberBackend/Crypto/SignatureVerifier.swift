#if canImport(CryptoKit)
  import CryptoKit
  import Foundation
  import Security
#else
  import CLibCrypto
#endif
import WebAuthn

/// The two signature checks of a WebAuthn assertion the backend offers (`pubKeyCredParams`):
/// ES256 (ECDSA on P-256 over SHA-256, DER signature) and RS256 (RSASSA-PKCS1-v1_5 over
/// SHA-256). The system's libcrypto on Linux, CryptoKit and Security on Apple platforms; the
/// passkey code's only C boundary, so its unsafe pointers stay in this file.
///
/// Any failure (a point off the curve, a key too short, a signature that does not parse or
/// does not verify) is `false`: the route answers the same `invalid_passkey` for each.
enum SignatureVerifier {
  /// The RSA modulus sizes accepted, in bytes: 2048 to 8192 bits.
  static let rsaModulusBytes = 256...1024

  /// Whether a key loads the way `verify` loads it: a point on P-256, or an RSA key of
  /// 2048 to 8192 bits with an exponent of at most 8 bytes. A key that does not can never
  /// verify, so registration refuses it rather than keep it.
  /// - Parameter key: the credential's public key.
  /// - Returns: whether signatures can be checked with it.
  static func isUsable(_ key: COSEKey) -> Bool {
    #if canImport(CryptoKit)
      switch key {
      case .ec2P256(let x, let y): p256Key(x: x, y: y) != nil
      case .rsa(let n, let e): rsaKey(n: n, e: e) != nil
      }
    #else
      guard let loaded = load(key) else { return false }
      EVP_PKEY_free(loaded)
      return true
    #endif
  }

  /// Checks a signature with a credential's key: ES256 (DER ECDSA) or RS256 (PKCS#1 v1.5).
  /// - Parameters:
  ///   - key: the credential's public key.
  ///   - signature: the signature as the authenticator wrote it.
  ///   - message: the signed bytes (authenticator data ‖ SHA-256(client data)).
  /// - Returns: whether the signature verifies with that key.
  static func verify(_ key: COSEKey, signature: [UInt8], message: [UInt8]) -> Bool {
    guard !signature.isEmpty else { return false }
    #if canImport(CryptoKit)
      switch key {
      case .ec2P256(let x, let y):
        guard let publicKey = p256Key(x: x, y: y),
          let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature)
        else { return false }
        return publicKey.isValidSignature(parsed, for: message)
      case .rsa(let n, let e):
        guard let publicKey = rsaKey(n: n, e: e) else { return false }
        return SecKeyVerifySignature(
          publicKey, .rsaSignatureMessagePKCS1v15SHA256, Data(message) as CFData,
          Data(signature) as CFData, nil)
      }
    #else
      guard let loaded = load(key) else { return false }
      defer { EVP_PKEY_free(loaded) }
      // An RSA key's default padding for EVP_DigestVerify is PKCS#1 v1.5.
      return verify(loaded, signature: signature, message: message)
    #endif
  }

  /// Checks an ES256 signature.
  /// - Parameters:
  ///   - x: the public point's x coordinate, 32 bytes (COSE `-2`).
  ///   - y: its y coordinate, 32 bytes (COSE `-3`).
  ///   - signature: the DER-encoded ECDSA signature.
  ///   - message: the signed bytes (authenticator data ‖ SHA-256(client data)).
  /// - Returns: whether the signature verifies with that key.
  static func es256(x: [UInt8], y: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool {
    verify(.ec2P256(x: x, y: y), signature: signature, message: message)
  }

  /// Checks an RS256 signature.
  /// - Parameters:
  ///   - n: the modulus, big-endian (COSE `-1`); 2048 to 8192 bits.
  ///   - e: the public exponent, big-endian (COSE `-2`), at most 8 bytes.
  ///   - signature: the PKCS#1 v1.5 signature.
  ///   - message: the signed bytes.
  /// - Returns: whether the signature verifies with that key.
  static func rs256(n: [UInt8], e: [UInt8], signature: [UInt8], message: [UInt8]) -> Bool {
    verify(.rsa(n: n, e: e), signature: signature, message: message)
  }

  /// The modulus and exponent without leading zeros, when their sizes are accepted.
  private static func rsaParts(n: [UInt8], e: [UInt8]) -> (n: [UInt8], e: [UInt8])? {
    let modulus = Array(n.drop { $0 == 0 })
    let exponent = Array(e.drop { $0 == 0 })
    guard rsaModulusBytes.contains(modulus.count), (1...8).contains(exponent.count) else {
      return nil
    }
    return (modulus, exponent)
  }

  #if canImport(CryptoKit)
    /// A P-256 public key; CryptoKit checks that the point lies on the curve.
    private static func p256Key(x: [UInt8], y: [UInt8]) -> P256.Signing.PublicKey? {
      guard x.count == 32, y.count == 32 else { return nil }
      return try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y)
    }

    /// An RSA public key of an accepted size.
    private static func rsaKey(n: [UInt8], e: [UInt8]) -> SecKey? {
      guard let (modulus, exponent) = rsaParts(n: n, e: e) else { return nil }
      let attributes: [CFString: Any] = [
        kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeyClass: kSecAttrKeyClassPublic,
      ]
      let der = DER.sequence([DER.integer(modulus), DER.integer(exponent)])
      return SecKeyCreateWithData(Data(der) as CFData, attributes as CFDictionary, nil)
    }

    /// The DER that `SecKeyCreateWithData` reads for an RSA public key (PKCS#1 RSAPublicKey).
    private enum DER {
      static func integer(_ magnitude: [UInt8]) -> [UInt8] {
        let body = (magnitude.first ?? 0) >= 0x80 ? [0] + magnitude : magnitude
        return [0x02] + length(body.count) + body
      }

      static func sequence(_ items: [[UInt8]]) -> [UInt8] {
        let body = items.flatMap { $0 }
        return [0x30] + length(body.count) + body
      }

      private static func length(_ count: Int) -> [UInt8] {
        if count < 0x80 { return [UInt8(count)] }
        if count <= 0xFF { return [0x81, UInt8(count)] }
        return [0x82, UInt8(truncatingIfNeeded: count >> 8), UInt8(truncatingIfNeeded: count)]
      }
    }
  #else
    /// A COSE key as libcrypto's `EVP_PKEY`, or nil when it does not load; the caller frees it.
    private static func load(_ key: COSEKey) -> OpaquePointer? {
      switch key {
      case .ec2P256(let x, let y):
        guard x.count == 32, y.count == 32 else { return nil }
        // The builder keeps every pointer it is given until `OSSL_PARAM_BLD_to_param`, inside
        // this closure (the names and the group are the shim's static C strings); libcrypto
        // checks that the point lies on the curve.
        return ([0x04] + x + y).withUnsafeBufferPointer { buffer in
          publicKey(type: clibcrypto_key_type_ec) { builder in
            OSSL_PARAM_BLD_push_utf8_string(
              builder, clibcrypto_param_group, clibcrypto_group_p256, 0) == 1
              && OSSL_PARAM_BLD_push_octet_string(
                builder, clibcrypto_param_public_key, buffer.baseAddress, buffer.count) == 1
          }
        }
      case .rsa(let n, let e):
        guard let (modulus, exponent) = rsaParts(n: n, e: e),
          let bigN = BN_bin2bn(modulus, Int32(modulus.count), nil)
        else { return nil }
        defer { BN_free(bigN) }
        guard let bigE = BN_bin2bn(exponent, Int32(exponent.count), nil) else { return nil }
        defer { BN_free(bigE) }
        return publicKey(type: clibcrypto_key_type_rsa) { builder in
          OSSL_PARAM_BLD_push_BN(builder, clibcrypto_param_rsa_n, bigN) == 1
            && OSSL_PARAM_BLD_push_BN(builder, clibcrypto_param_rsa_e, bigE) == 1
        }
      }
    }

    /// A public key of a type from parameters that `push` adds to a builder.
    /// `type` is one of the shim's static C strings: the context keeps the pointer.
    private static func publicKey(
      type: UnsafePointer<CChar>, _ push: (OpaquePointer) -> Bool
    ) -> OpaquePointer? {
      guard let builder = OSSL_PARAM_BLD_new() else { return nil }
      defer { OSSL_PARAM_BLD_free(builder) }
      guard push(builder), let parameters = OSSL_PARAM_BLD_to_param(builder) else { return nil }
      defer { OSSL_PARAM_free(parameters) }
      guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else { return nil }
      defer { EVP_PKEY_CTX_free(context) }
      var key: OpaquePointer?
      guard EVP_PKEY_fromdata_init(context) == 1,
        EVP_PKEY_fromdata(context, &key, clibcrypto_public_key_selection(), parameters) == 1
      else { return nil }
      return key
    }

    private static func verify(
      _ key: OpaquePointer, signature: [UInt8], message: [UInt8]
    ) -> Bool {
      guard let context = EVP_MD_CTX_new() else { return false }
      defer { EVP_MD_CTX_free(context) }
      guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
      return EVP_DigestVerify(context, signature, signature.count, message, message.count) == 1
    }
  #endif
}

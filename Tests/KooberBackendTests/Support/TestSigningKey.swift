import WebAuthn

#if canImport(CryptoKit)
  import CryptoKit
#else
  import CLibCrypto
#endif

/// A credential key pair for the test authenticator: ES256 everywhere, RS256 with libcrypto
/// (Linux). Written apart from the backend's verifier, with the signing half of the API.
final class TestSigningKey {
  /// Why a key could not be made or used.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Whether RS256 keys can be made here.
  #if canImport(CryptoKit)
    static let supportsRS256 = false
  #else
    static let supportsRS256 = true
  #endif

  /// The public key, as the authenticator writes it.
  let publicKey: COSEKey

  #if canImport(CryptoKit)
    private let privateKey: P256.Signing.PrivateKey

    /// A new ES256 key (throwing like libcrypto's, so call sites read the same).
    init() throws {
      privateKey = P256.Signing.PrivateKey()
      let point = Array(privateKey.publicKey.x963Representation)
      publicKey = .ec2P256(x: Array(point[1...32]), y: Array(point[33...64]))
    }

    /// A new RS256 key: not offered here.
    init(rsaBits: Int32) throws {
      throw Failure(description: "RS256 test keys need libcrypto")
    }

    /// Signs bytes.
    func sign(_ message: [UInt8]) throws -> [UInt8] {
      Array(try privateKey.signature(for: message).derRepresentation)
    }
  #else
    private let key: OpaquePointer

    /// A new ES256 key.
    init() throws {
      key = try Self.generate("EC") { EVP_PKEY_CTX_set_group_name($0, "P-256") }
      var point = [UInt8](repeating: 0, count: 65)
      var length = 0
      guard
        EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, &point, 65, &length) == 1,
        length == 65
      else {
        EVP_PKEY_free(key)
        throw Failure(description: "no public point")
      }
      publicKey = .ec2P256(x: Array(point[1...32]), y: Array(point[33...64]))
    }

    /// A new RS256 key of a size.
    init(rsaBits: Int32) throws {
      key = try Self.generate("RSA") { EVP_PKEY_CTX_set_rsa_keygen_bits($0, rsaBits) }
      guard let n = Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_N),
        let e = Self.bigNumber(key, OSSL_PKEY_PARAM_RSA_E)
      else {
        EVP_PKEY_free(key)
        throw Failure(description: "no RSA public numbers")
      }
      publicKey = .rsa(n: n, e: e)
    }

    deinit { EVP_PKEY_free(key) }

    /// Signs bytes: ECDSA (DER) or PKCS#1 v1.5, over SHA-256.
    func sign(_ message: [UInt8]) throws -> [UInt8] {
      guard let context = EVP_MD_CTX_new() else { throw Failure(description: "no context") }
      defer { EVP_MD_CTX_free(context) }
      var length = 0
      guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1,
        EVP_DigestSign(context, nil, &length, message, message.count) == 1
      else { throw Failure(description: "cannot sign") }
      var signature = [UInt8](repeating: 0, count: length)
      guard EVP_DigestSign(context, &signature, &length, message, message.count) == 1 else {
        throw Failure(description: "cannot sign")
      }
      return Array(signature.prefix(length))
    }

    private static func generate(
      _ type: String, _ configure: (OpaquePointer) -> Int32
    ) throws -> OpaquePointer {
      guard let context = EVP_PKEY_CTX_new_from_name(nil, type, nil) else {
        throw Failure(description: "no \(type) context")
      }
      defer { EVP_PKEY_CTX_free(context) }
      var key: OpaquePointer?
      guard EVP_PKEY_keygen_init(context) == 1, configure(context) == 1,
        EVP_PKEY_generate(context, &key) == 1, let key
      else { throw Failure(description: "cannot make a \(type) key") }
      return key
    }

    private static func bigNumber(_ key: OpaquePointer, _ name: String) -> [UInt8]? {
      var number: OpaquePointer?
      guard EVP_PKEY_get_bn_param(key, name, &number) == 1, let number else { return nil }
      defer { BN_free(number) }
      var bytes = [UInt8](repeating: 0, count: Int((BN_num_bits(number) + 7) / 8))
      _ = BN_bn2bin(number, &bytes)
      return bytes
    }
  #endif
}

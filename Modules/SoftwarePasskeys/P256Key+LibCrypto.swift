#if !canImport(CryptoKit)
  import CLibCrypto

  /// ES256 through the system libcrypto: the package's only unsafe pointers of this module,
  /// kept to this file. A key lives in OpenSSL only for one call, loaded from its scalar.
  enum P256Backend {
    /// 32 bytes from OpenSSL's CSPRNG, or `nil` when it failed.
    static func randomBytes(_ count: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: count)
      let status = bytes.withUnsafeMutableBufferPointer {
        RAND_bytes($0.baseAddress, Int32($0.count))
      }
      return status == 1 ? bytes : nil
    }

    /// The public point (x, y) of a private scalar, or `nil` when OpenSSL refused it.
    static func publicKey(of scalar: [UInt8]) -> (x: [UInt8], y: [UInt8])? {
      guard let key = load(scalar) else { return nil }
      defer { EVP_PKEY_free(key) }
      // i2d_PublicKey writes an EC key as its uncompressed point: 0x04 ‖ x ‖ y.
      var point = [UInt8](repeating: 0, count: 65)
      let written = point.withUnsafeMutableBufferPointer { buffer -> Int32 in
        guard i2d_PublicKey(key, nil) == 65 else { return -1 }
        var cursor = buffer.baseAddress
        return i2d_PublicKey(key, &cursor)
      }
      guard written == 65, point[0] == 0x04 else { return nil }
      return (Array(point[1...32]), Array(point[33...64]))
    }

    /// ECDSA over SHA-256 of `message`, DER-encoded (an `Ecdsa-Sig-Value`, as WebAuthn's
    /// ES256 signatures are), or `nil` when OpenSSL failed.
    static func signature(of message: [UInt8], with scalar: [UInt8]) -> [UInt8]? {
      guard let key = load(scalar) else { return nil }
      defer { EVP_PKEY_free(key) }
      guard let context = EVP_MD_CTX_new() else { return nil }
      defer { EVP_MD_CTX_free(context) }
      guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return nil }
      // A P-256 DER signature is at most 72 bytes; ask for the bound rather than assume it.
      var length = 0
      let sized = message.withUnsafeBufferPointer {
        EVP_DigestSign(context, nil, &length, $0.baseAddress, $0.count)
      }
      guard sized == 1, length > 0, length <= 256 else { return nil }
      var signature = [UInt8](repeating: 0, count: length)
      let signed = signature.withUnsafeMutableBufferPointer { output in
        message.withUnsafeBufferPointer {
          EVP_DigestSign(context, output.baseAddress, &length, $0.baseAddress, $0.count)
        }
      }
      guard signed == 1, length <= signature.count else { return nil }
      return Array(signature.prefix(length))
    }

    /// The key of a 32-byte scalar, through SEC 1's ECPrivateKey (RFC 5915) without its
    /// optional public key, which OpenSSL computes: version 1, the scalar, the curve
    /// prime256v1. The caller frees it.
    private static func load(_ scalar: [UInt8]) -> OpaquePointer? {
      guard scalar.count == 32 else { return nil }
      let der: [UInt8] =
        [0x30, 0x31, 0x02, 0x01, 0x01, 0x04, 0x20] + scalar
        + [0xA0, 0x0A, 0x06, 0x08, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07]
      return der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
        var cursor = buffer.baseAddress
        return d2i_PrivateKey(EVP_PKEY_EC, nil, &cursor, buffer.count)
      }
    }
  }
#endif

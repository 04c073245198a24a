#if canImport(CommonCrypto)
  import CommonCrypto
#else
  import CLibCrypto
#endif

/// SHA-256, for storing tokens and one-time codes only as digests.
enum SHA256Digest {
  /// Hashes bytes.
  /// - Parameter bytes: the input.
  /// - Returns: the 32-byte digest.
  /// - Throws: `APIError.internal` when the digest fails.
  static func hash(_ bytes: [UInt8]) throws(APIError) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: 32)
    #if canImport(CommonCrypto)
      guard bytes.count <= Int(UInt32.max) else { throw .internal("input too long") }
      bytes.withUnsafeBytes { input in
        digest.withUnsafeMutableBufferPointer { out in
          _ = CC_SHA256(input.baseAddress, CC_LONG(input.count), out.baseAddress)
        }
      }
    #else
      let status = bytes.withUnsafeBytes { input in
        digest.withUnsafeMutableBufferPointer { out in
          var length: UInt32 = 0
          return EVP_Digest(
            input.baseAddress, input.count, out.baseAddress, &length, EVP_sha256(), nil)
        }
      }
      guard status == 1 else { throw .internal("SHA-256 failed") }
    #endif
    return digest
  }

  /// Hashes a string's UTF-8 bytes and returns lower-case hex, the form stored in the database.
  /// - Parameter text: the input, e.g. a token.
  /// - Returns: 64 hex characters.
  /// - Throws: `APIError.internal` when the digest fails.
  static func hex(_ text: String) throws(APIError) -> String {
    try hash(Array(text.utf8)).map { byte in
      let digits = String(byte, radix: 16)
      return byte < 16 ? "0" + digits : digits
    }.joined()
  }
}

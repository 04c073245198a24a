import Foundation

#if canImport(CommonCrypto)
  import Security
#else
  import CLibCrypto
#endif

/// Random bytes from the system's cryptographically secure generator.
///
/// Everything secret the backend hands out (salts, tokens, one-time codes, ids) comes from here,
/// never from `SystemRandomNumberGenerator`, so the source is the same audited one as OpenSSL's
/// or the Security framework's.
enum SecureRandom {
  /// Returns `count` random bytes.
  /// - Parameter count: how many bytes; must be positive.
  /// - Returns: the bytes.
  /// - Throws: `APIError.internal` when the generator refuses (it never should).
  static func bytes(_ count: Int) throws(APIError) -> [UInt8] {
    guard count > 0 else { return [] }
    var buffer = [UInt8](repeating: 0, count: count)
    #if canImport(CommonCrypto)
      let status = buffer.withUnsafeMutableBytes { raw -> Int32 in
        guard let base = raw.baseAddress else { return -1 }
        return SecRandomCopyBytes(kSecRandomDefault, count, base)
      }
      guard status == errSecSuccess else { throw .internal("random generator failed") }
    #else
      let status = buffer.withUnsafeMutableBufferPointer { pointer -> Int32 in
        guard let base = pointer.baseAddress else { return 0 }
        return RAND_bytes(base, Int32(count))
      }
      guard status == 1 else { throw .internal("random generator failed") }
    #endif
    return buffer
  }

  /// Returns a six-digit decimal code, uniformly distributed, zero-padded.
  /// - Returns: e.g. `"042917"`.
  /// - Throws: `APIError.internal` when the generator refuses.
  static func sixDigitCode() throws(APIError) -> String {
    // Rejection sampling keeps every code equally likely: 4_294_000_000 is the largest multiple
    // of 1_000_000 below 2^32.
    while true {
      let raw = try bytes(4)
      let value = raw.reduce(UInt32(0)) { ($0 << 8) | UInt32($1) }
      if value < 4_294_000_000 {
        let code = String(value % 1_000_000)
        return String(repeating: "0", count: 6 - code.count) + code
      }
    }
  }
}

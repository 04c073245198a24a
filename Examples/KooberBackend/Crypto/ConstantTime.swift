#if canImport(CommonCrypto)
  import Darwin
#else
  import CLibCrypto
#endif

/// Comparison whose running time does not depend on where two secrets differ.
enum ConstantTime {
  /// Compares two byte strings without an early exit.
  /// - Parameters:
  ///   - lhs: one byte string.
  ///   - rhs: the other.
  /// - Returns: whether they are equal; different lengths are unequal (length is not secret).
  static func equals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard !lhs.isEmpty else { return true }
    return lhs.withUnsafeBytes { left in
      rhs.withUnsafeBytes { right in
        #if canImport(CommonCrypto)
          timingsafe_bcmp(left.baseAddress, right.baseAddress, left.count) == 0
        #else
          CRYPTO_memcmp(left.baseAddress, right.baseAddress, left.count) == 0
        #endif
      }
    }
  }
}

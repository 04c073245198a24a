import Foundation

#if canImport(CommonCrypto)
  import CommonCrypto
#else
  import CLibCrypto
#endif

/// PBKDF2-HMAC-SHA256 password hashing with a per-user salt, compared in constant time.
struct PasswordHasher: Sendable {
  /// Iterations for new hashes.
  let iterations: Int

  static let saltLength = 16
  static let keyLength = 32

  /// Hashes a new password with a fresh random salt.
  /// - Parameter password: the password as the user typed it.
  /// - Returns: the hash to store.
  /// - Throws: `APIError.internal` when the random generator or the KDF fails.
  func hash(_ password: String) throws(APIError) -> PasswordHash {
    let salt = try SecureRandom.bytes(Self.saltLength)
    let key = try Self.derive(password, salt: salt, iterations: iterations)
    return PasswordHash(key: key, salt: salt, iterations: iterations)
  }

  /// Checks a password against a stored hash in constant time.
  /// - Parameters:
  ///   - password: the candidate password.
  ///   - stored: the stored hash.
  /// - Returns: whether they match.
  /// - Throws: `APIError.internal` when the KDF fails.
  func verify(_ password: String, against stored: PasswordHash) throws(APIError) -> Bool {
    let key = try Self.derive(password, salt: stored.salt, iterations: stored.iterations)
    return ConstantTime.equals(key, stored.key)
  }

  /// Derives a PBKDF2-HMAC-SHA256 key.
  /// - Parameters:
  ///   - password: the password; its UTF-8 bytes are the KDF input, NUL characters included.
  ///   - salt: the salt.
  ///   - iterations: the iteration count, at least 1.
  /// - Returns: `keyLength` bytes.
  /// - Throws: `APIError.internal` when the KDF fails or the parameters are out of range.
  static func derive(
    _ password: String, salt: [UInt8], iterations: Int
  ) throws(APIError) -> [UInt8] {
    guard iterations > 0, iterations <= Int(Int32.max), salt.count <= Int(Int32.max) else {
      throw .internal("bad PBKDF2 parameters")
    }
    let passwordBytes = Array(password.utf8)
    guard passwordBytes.count <= Int(Int32.max) else { throw .internal("password too long") }
    var key = [UInt8](repeating: 0, count: keyLength)
    #if canImport(CommonCrypto)
      let status = passwordBytes.withUnsafeBufferPointer { pass in
        salt.withUnsafeBufferPointer { saltPointer in
          key.withUnsafeMutableBufferPointer { out in
            pass.withMemoryRebound(to: CChar.self) { passChars in
              CCKeyDerivationPBKDF(
                CCPBKDFAlgorithm(kCCPBKDF2), passChars.baseAddress, passChars.count,
                saltPointer.baseAddress, saltPointer.count,
                CCPseudoRandomAlgorithm(kCCPRFHmacAlgSHA256), UInt32(iterations),
                out.baseAddress, out.count)
            }
          }
        }
      }
      guard status == Int32(kCCSuccess) else { throw .internal("PBKDF2 failed") }
    #else
      let status = passwordBytes.withUnsafeBufferPointer { pass in
        salt.withUnsafeBufferPointer { saltPointer in
          key.withUnsafeMutableBufferPointer { out in
            pass.withMemoryRebound(to: CChar.self) { passChars in
              PKCS5_PBKDF2_HMAC(
                passChars.baseAddress, Int32(passChars.count),
                saltPointer.baseAddress, Int32(saltPointer.count),
                Int32(iterations), EVP_sha256(), Int32(out.count), out.baseAddress)
            }
          }
        }
      }
      guard status == 1 else { throw .internal("PBKDF2 failed") }
    #endif
    return key
  }
}

#if canImport(CryptoKit)
  import CryptoKit
  import Foundation
  import Security

  /// ES256 through CryptoKit on Apple platforms (not compiled on Linux, where
  /// `P256Key+LibCrypto.swift` does the same through libcrypto).
  enum P256Backend {
    /// Random bytes from the system's CSPRNG, or `nil` when it failed.
    static func randomBytes(_ count: Int) -> [UInt8]? {
      var bytes = [UInt8](repeating: 0, count: count)
      let status = SecRandomCopyBytes(kSecRandomDefault, count, &bytes)
      return status == errSecSuccess ? bytes : nil
    }

    /// The public point (x, y) of a private scalar, or `nil` when CryptoKit refused it.
    static func publicKey(of scalar: [UInt8]) -> (x: [UInt8], y: [UInt8])? {
      guard let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar) else {
        return nil
      }
      let point = Array(key.publicKey.rawRepresentation)  // x ‖ y
      guard point.count == 64 else { return nil }
      return (Array(point[0..<32]), Array(point[32..<64]))
    }

    /// ECDSA over SHA-256 of `message`, DER-encoded, or `nil` when CryptoKit failed.
    static func signature(of message: [UInt8], with scalar: [UInt8]) -> [UInt8]? {
      guard let key = try? P256.Signing.PrivateKey(rawRepresentation: scalar),
        let signature = try? key.signature(for: Data(message))
      else { return nil }
      return Array(signature.derRepresentation)
    }
  }
#endif

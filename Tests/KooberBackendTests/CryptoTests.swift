import Foundation
import Testing

@testable import KooberBackend

@Suite("the backend's crypto primitives")
struct CryptoTests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }

  @Test("PBKDF2-HMAC-SHA256 matches the published test vectors")
  func pbkdf2_matchesVectors() throws {
    let salt = Array("salt".utf8)
    #expect(
      hex(try PasswordHasher.derive("password", salt: salt, iterations: 1))
        == "120fb6cffcf8b32c43e7225256c4f837a86548c92ccc35480805987cb70be17b")
    #expect(
      hex(try PasswordHasher.derive("password", salt: salt, iterations: 4096))
        == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
  }

  @Test("a hash verifies its own password only")
  func hasher_verifies() throws {
    let hasher = PasswordHasher(iterations: 10)
    let hash = try hasher.hash("passw0rd!")
    #expect(try hasher.verify("passw0rd!", against: hash))
    #expect(try !hasher.verify("passw0rd?", against: hash))
    #expect(try !hasher.verify("", against: hash))
    #expect(hash.salt.count == 16 && hash.key.count == 32 && hash.iterations == 10)
  }

  @Test("SHA-256 matches the FIPS 180-2 vector")
  func sha256_matchesVector() throws {
    #expect(
      try SHA256Digest.hex("abc")
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test("base32 matches RFC 4648 (lower case, no padding)")
  func base32_matchesRFC() {
    let cases = ["": "", "f": "my", "fo": "mzxq", "foo": "mzxw6", "foob": "mzxw6yq",
                 "fooba": "mzxw6ytb", "foobar": "mzxw6ytboi"]
    for (input, output) in cases {
      #expect(Base32.encode(Array(input.utf8)) == output)
    }
  }

  @Test("constant-time comparison tells equal from unequal bytes")
  func constantTime_compares() {
    #expect(ConstantTime.equals([1, 2, 3], [1, 2, 3]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2, 4]))
    #expect(!ConstantTime.equals([1, 2, 3], [1, 2]))
    #expect(ConstantTime.equals([], []))
  }

  @Test("one-time codes are six digits, and ids and tokens are random")
  func random_codesIdsAndTokens() throws {
    var codes = Set<String>()
    for _ in 0..<200 {
      let code = try SecureRandom.sixDigitCode()
      #expect(code.count == 6 && code.allSatisfy { $0.isASCII && $0.isNumber })
      codes.insert(code)
    }
    #expect(codes.count > 190)
    let ids = try (0..<50).map { _ in try Identifiers.user() }
    #expect(Set(ids).count == 50)
    #expect(ids.allSatisfy { $0.hasPrefix("usr_") && $0.count == 30 })
    #expect(try Identifiers.challenge().hasPrefix("chl_"))
    #expect(try Identifiers.ride().hasPrefix("ride_"))
    #expect(try Identifiers.token().count == 52)
  }
}

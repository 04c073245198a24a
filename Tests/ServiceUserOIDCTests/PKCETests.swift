import Foundation
import Testing

@testable import ServiceUserOIDC
import WireFormat

@Suite("PKCE (RFC 7636) and its SHA-256")
struct PKCETests {
  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
      let digits = String(byte, radix: 16)
      return digits.count == 1 ? "0" + digits : digits
    }.joined()
  }

  @Test("SHA-256 matches FIPS 180-4's examples, and a message across the padding boundary")
  func sha256Vectors() {
    #expect(
      Self.hex(SHA256.digest(Array("".utf8)))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      Self.hex(SHA256.digest(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      Self.hex(
        SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      Self.hex(SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000)))
        == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
  }

  @Test("RFC 7636 Appendix B: the verifier's S256 challenge")
  func appendixB() throws {
    let pkce = try #require(PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
    #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    #expect(PKCE.method == "S256")
  }

  @Test("a new verifier: 43 unreserved characters, different every time, never printed")
  func freshVerifier() {
    let verifiers = (0..<50).map { _ in PKCE().verifier }
    #expect(Set(verifiers).count == 50)
    for verifier in verifiers {
      #expect(verifier.count == 43)
      #expect(PKCE.isWellFormedVerifier(verifier))
    }
    let pkce = PKCE()
    var dumped = ""
    dump(pkce, to: &dumped)
    for text in ["\(pkce)", String(reflecting: pkce), dumped] {
      #expect(!text.contains(pkce.verifier))
      #expect(text.contains(pkce.challenge))
    }
  }

  @Test("a verifier outside 43...128 unreserved characters is refused", arguments: [
    String(repeating: "a", count: 42), String(repeating: "a", count: 129),
    String(repeating: "a", count: 42) + "+", String(repeating: "a", count: 42) + " ",
    String(repeating: "a", count: 42) + "é", "",
  ])
  func refused(verifier: String) {
    #expect(PKCE(verifier: verifier) == nil)
  }

  @Test("the longest and shortest verifiers with every allowed character are taken")
  func accepted() {
    let all = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    #expect(PKCE(verifier: String(all.prefix(43))) != nil)
    #expect(PKCE(verifier: String(repeating: all, count: 2).prefix(128).description) != nil)
  }
}

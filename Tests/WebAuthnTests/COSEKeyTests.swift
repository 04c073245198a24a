import Testing
import WebAuthn

@Suite("COSE keys")
struct COSEKeyTests {
  @Test("an ES256 key reads its coordinates and writes the same bytes back")
  func ec2() throws {
    let bytes = try base64URL(Fixtures.ec2Key)
    let key = try COSEKey(cbor: bytes)
    #expect(key == .ec2P256(x: try base64URL(Fixtures.ec2X), y: try base64URL(Fixtures.ec2Y)))
    #expect(key.algorithm == .es256)
    #expect(key.encoded() == bytes)
  }

  @Test("an RS256 key reads its modulus and exponent and writes the same bytes back")
  func rsa() throws {
    let bytes = try base64URL(Fixtures.rsaKey)
    let key = try COSEKey(cbor: bytes)
    #expect(key == .rsa(n: try base64URL(Fixtures.rsaN), e: [0x01, 0x00, 0x01]))
    #expect(key.algorithm == .rs256)
    #expect(key.encoded() == bytes)
  }

  @Test("a key built here reads back as itself")
  func roundTrip() throws {
    let key = COSEKey.ec2P256(x: Array(0..<32), y: Array(32..<64))
    #expect(try COSEKey(cbor: key.encoded()) == key)
    let rsa = COSEKey.rsa(n: Array(repeating: 0xab, count: 256), e: [3])
    #expect(try COSEKey(cbor: rsa.encoded()) == rsa)
  }

  @Test("labels a key does not need are ignored")
  func extraLabels() throws {
    let key = COSEKey.ec2P256(x: Array(0..<32), y: Array(32..<64))
    guard case .map(var entries) = key.cbor else {
      Issue.record("not a map")
      return
    }
    entries.append((.int(2), .bytes([1, 2, 3])))   // kid
    #expect(try COSEKey(cbor: CBOR.map(entries).encoded()) == key)
  }

  struct Refusal: Sendable, CustomStringConvertible {
    let change: @Sendable ([(key: CBOR, value: CBOR)]) -> [(key: CBOR, value: CBOR)]
    let error: WebAuthnError
    let why: String
    var description: String { why }
  }

  static func replacing(
    _ label: Int, with value: CBOR?
  ) -> @Sendable ([(key: CBOR, value: CBOR)]) -> [(key: CBOR, value: CBOR)] {
    { entries in
      entries.compactMap { entry in
        entry.key == .int(label) ? value.map { (entry.key, $0) } : entry
      }
    }
  }

  static let refusals: [Refusal] = [
    Refusal(change: replacing(1, with: nil), error: .malformed(field: "kty"), why: "no kty"),
    Refusal(change: replacing(3, with: nil), error: .malformed(field: "alg"), why: "no alg"),
    Refusal(change: replacing(3, with: .int(-8)), error: .unsupportedKey("kty 2 alg -8"),
      why: "EdDSA on an EC2 key"),
    Refusal(change: replacing(3, with: .int(-257)), error: .unsupportedKey("kty 2 alg -257"),
      why: "RS256 on an EC2 key"),
    Refusal(change: replacing(-1, with: .int(2)), error: .unsupportedKey("crv 2"),
      why: "P-384"),
    Refusal(change: replacing(-1, with: nil), error: .malformed(field: "crv"), why: "no crv"),
    Refusal(change: replacing(-2, with: .bytes(Array(0..<31))), error: .malformed(field: "x"),
      why: "x of 31 bytes"),
    Refusal(change: replacing(-3, with: .text("y")), error: .malformed(field: "y"),
      why: "y as text"),
    Refusal(change: replacing(-3, with: nil), error: .malformed(field: "y"),
      why: "no y (a compressed point)"),
    Refusal(change: replacing(1, with: .text("EC2")), error: .malformed(field: "kty"),
      why: "kty as text"),
  ]

  @Test("an ES256 key that is not one is refused", arguments: refusals)
  func refuses(refusal: Refusal) throws {
    guard case .map(let entries) = COSEKey.ec2P256(x: Array(0..<32), y: Array(32..<64)).cbor
    else {
      Issue.record("not a map")
      return
    }
    #expect(throws: refusal.error) {
      try COSEKey(cbor: CBOR.map(refusal.change(entries)).encoded())
    }
  }

  @Test("an Ed25519 key, an RSA key with no exponent and a non-map are refused")
  func otherRefusals() throws {
    #expect(throws: WebAuthnError.unsupportedKey("kty 1 alg -8")) {
      try COSEKey(cbor: base64URL(Fixtures.okpKey))
    }
    let noExponent = CBOR.map([(.int(1), .int(3)), (.int(3), .int(-257)), (.int(-1), .bytes([1]))])
    #expect(throws: WebAuthnError.malformed(field: "e")) {
      try COSEKey(cbor: noExponent.encoded())
    }
    #expect(throws: WebAuthnError.malformed(field: "credentialPublicKey")) {
      try COSEKey(cbor: CBOR.array([]).encoded())
    }
    #expect(throws: WebAuthnError.trailingBytes) {
      try COSEKey(cbor: base64URL(Fixtures.ec2Key) + [0])
    }
  }

  /// The SubjectPublicKeyInfo DER of the two fixture keys, as Python's `cryptography` (48.0)
  /// writes them from the same coordinates, modulus and exponent.
  @Test("keys are written as the SubjectPublicKeyInfo another library writes")
  func subjectPublicKeyInfo() throws {
    let ec2 = try COSEKey(cbor: base64URL(Fixtures.ec2Key))
    #expect(
      ec2.subjectPublicKeyInfo() == (try base64URL(
        "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEMMcEPFOpY_jJlmcBrnbgvq4-7CGKt5TBEPmxdjpTaDHG7BsQ"
          + "JsN019NN6CdzXvihh26xmIyYmBy3TIj-6WskYg")))
    let rsa = try COSEKey(cbor: base64URL(Fixtures.rsaKey))
    #expect(
      rsa.subjectPublicKeyInfo()
        == hex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100")
        + (try base64URL(Fixtures.rsaN)) + hex("0203010001"))
  }

  @Test("RSA integers lose leading zeros and gain one before a high bit")
  func rsaIntegers() {
    let key = COSEKey.rsa(n: [0x00, 0x00, 0x7f], e: [0x80])
    #expect(
      key.subjectPublicKeyInfo() == hex(
        "301b" + "300d06092a864886f70d0101010500" + "030a00" + "3007" + "02017f" + "02020080"))
  }
}

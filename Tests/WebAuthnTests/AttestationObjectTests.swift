import Testing
import WebAuthn

@Suite("Attestation objects")
struct AttestationObjectTests {
  @Test("a real none attestation reads and writes back the same bytes")
  func realNone() throws {
    let bytes = try base64URL(Fixtures.noneAttestationObject)
    let object = try AttestationObject(bytes: bytes)
    #expect(object.fmt == "none")
    #expect(object.attestationStatement == .map([]))
    #expect(object.authenticatorData.signCount == 23)
    #expect(object.rawAuthenticatorData == (try AuthenticatorDataTests.registrationBytes()))
    #expect(object.bytes() == bytes)
  }

  @Test("a packed attestation reads; its statement is kept, not verified")
  func realPacked() throws {
    let object = try AttestationObject(bytes: base64URL(Fixtures.packedAttestationObject))
    #expect(object.fmt == "packed")
    #expect(object.attestationStatement[key: "alg"] == .int(-7))
    #expect(object.attestationStatement[key: "sig"]?.bytesValue?.count == 71)
    #expect(object.attestationStatement[key: "x5c"]?.arrayValue?.count == 1)
    #expect(object.authenticatorData.signCount == 52)
    #expect(
      object.authenticatorData.attestedCredential?.aaguid
        == hex("6d44ba9bf6ec2e49b9300c8fe920cb73"))
    #expect(object.authenticatorData.attestedCredential?.publicKey.algorithm == .es256)
  }

  @Test("a none attestation built here is the CBOR map fmt, attStmt, authData and reads back")
  func buildNone() throws {
    let data = try AuthenticatorData(
      rpIDHash: AuthenticatorData.rpIDHash(for: "localhost"), flags: .userPresent, signCount: 0,
      attestedCredential: AttestedCredential(
        credentialID: Array(repeating: 9, count: 32),
        publicKey: .ec2P256(x: Array(0..<32), y: Array(32..<64))))
    let object = AttestationObject.none(authenticatorData: data)
    let bytes = object.bytes()
    let authData = data.bytes()
    #expect(authData.count == 164)
    #expect(
      bytes == hex("a3" + "63666d74" + "646e6f6e65" + "6761747453746d74" + "a0"
        + "686175746844617461" + "58a4") + authData)
    let read = try AttestationObject(bytes: bytes)
    #expect(read == object)
    #expect(read.authenticatorData.flags == [.userPresent, .attestedCredentialData])
  }

  struct Refusal: Sendable, CustomStringConvertible {
    let item: CBOR
    let error: WebAuthnError
    let why: String
    var description: String { why }
  }

  static let refusals: [Refusal] = [
    Refusal(item: .array([]), error: .malformed(field: "attestationObject"), why: "an array"),
    Refusal(
      item: .map([(.text("attStmt"), .map([])), (.text("authData"), .bytes([]))]),
      error: .malformed(field: "fmt"), why: "no fmt"),
    Refusal(
      item: .map([
        (.text("fmt"), .text("none")), (.text("attStmt"), .array([])),
        (.text("authData"), .bytes([])),
      ]), error: .malformed(field: "attStmt"), why: "attStmt not a map"),
    Refusal(
      item: .map([
        (.text("fmt"), .text("none")), (.text("attStmt"), .map([])),
        (.text("authData"), .text("")),
      ]), error: .malformed(field: "authData"), why: "authData not bytes"),
    Refusal(
      item: .map([
        (.text("fmt"), .text("none")), (.text("attStmt"), .map([])),
        (.text("authData"), .bytes([1, 2, 3])),
      ]), error: .truncated, why: "authData too short"),
  ]

  @Test("an attestation object that is not one is refused", arguments: refusals)
  func refuses(refusal: Refusal) {
    #expect(throws: refusal.error) { try AttestationObject(bytes: refusal.item.encoded()) }
  }

  @Test("a statement that is not a map cannot be built")
  func buildRefusal() throws {
    let data = try AuthenticatorData(
      rpIDHash: Array(repeating: 0, count: 32), flags: [], signCount: 0)
    #expect(throws: WebAuthnError.malformed(field: "attStmt")) {
      try AttestationObject(fmt: "packed", attestationStatement: .null, authenticatorData: data)
    }
  }
}

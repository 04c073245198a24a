import Foundation
import Testing
import WebAuthn
import WireFormat

@Suite("The W3C JSON forms")
struct JSONFormTests {
  static func json(_ data: Data) throws -> JSONValue {
    try JSONValue.parse(data, limits: .answer)
  }

  static func reencoded<Value: Codable>(_ type: Value.Type, _ text: String) throws -> (
    value: Value, original: JSONValue, written: JSONValue
  ) {
    let value = try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    return (value, try json(Data(text.utf8)), try json(JSONEncoder().encode(value)))
  }

  @Test("a real registration response decodes, and encodes back without unknown members")
  func registration() throws {
    let (credential, original, written) = try Self.reencoded(
      RegistrationResponseJSON.self, Fixtures.noneRegistrationJSON)
    #expect(credential.id == Fixtures.noneCredentialID)
    #expect(credential.rawId.bytes == (try base64URL(Fixtures.noneCredentialID)))
    #expect(credential.type == .publicKey)
    #expect(credential.clientExtensionResults.isEmpty)
    #expect(credential.response.transports == nil)
    let object = try AttestationObject(bytes: credential.response.attestationObject.bytes)
    #expect(object.authenticatorData.attestedCredential?.credentialID == credential.rawId.bytes)
    let client = try CollectedClientData(json: credential.response.clientDataJSON.bytes)
    #expect(client.type == .create)
    guard case .object(var members) = original else {
      Issue.record("not an object")
      return
    }
    members["transports"] = nil   // not a member of RegistrationResponseJSON: ignored
    #expect(written == .object(members))
  }

  @Test("a real authentication response decodes and encodes back the same JSON")
  func authentication() throws {
    let (credential, original, written) = try Self.reencoded(
      AuthenticationResponseJSON.self, Fixtures.rsaAuthenticationJSON)
    #expect(credential.rawId.base64URL == credential.id)
    #expect(credential.response.signature.bytes.count == 256)
    #expect(
      credential.response.userHandle?.bytes
        == Array("OTVkYzUwODUtYmM5YS00NTI1LTgwNzgtZmViYWY4ZDVmY2Ni".utf8))
    let data = try AuthenticatorData(bytes: credential.response.authenticatorData.bytes)
    #expect(data.signCount == 1)
    #expect(written == original)
  }

  @Test("py_webauthn's registration options decode and encode back the same JSON")
  func creationOptions() throws {
    let (options, original, written) = try Self.reencoded(
      PublicKeyCredentialCreationOptionsJSON.self, Fixtures.creationOptionsJSON)
    #expect(options.rp == PublicKeyCredentialRpEntity(id: "example.com", name: "Example Co"))
    #expect(options.user.id.bytes == Array("ABAV6QWPBEY9WOTOA1A4".utf8))
    #expect(options.challenge.bytes == Array("1234567890".utf8))
    #expect(options.pubKeyCredParams == [PublicKeyCredentialParameters(alg: -36)])
    #expect(options.timeout == 120_000)
    #expect(options.authenticatorSelection?.residentKey == .required)
    #expect(options.authenticatorSelection?.authenticatorAttachment == .platform)
    #expect(options.attestation == .direct)
    #expect(written == original)
  }

  @Test("API.md's sign-in options decode; missing lists read as empty; unknown values stay")
  func requestOptions() throws {
    let text = #"""
      {"challenge": "AAECAw", "timeout": 300000, "rpId": "localhost",
       "userVerification": "preferred", "hints": ["client-device"], "extensions": {}}
      """#
    let options = try JSONDecoder().decode(
      PublicKeyCredentialRequestOptionsJSON.self, from: Data(text.utf8))
    #expect(
      options == PublicKeyCredentialRequestOptionsJSON(
        challenge: Base64URLBytes([0, 1, 2, 3]), timeout: 300_000, rpId: "localhost",
        userVerification: .preferred))
    let written = try Self.json(JSONEncoder().encode(options))
    #expect(
      written == [
        "challenge": "AAECAw", "timeout": 300_000, "rpId": "localhost",
        "userVerification": "preferred", "allowCredentials": [],
      ])
    let descriptor = try JSONDecoder().decode(
      PublicKeyCredentialDescriptorJSON.self,
      from: Data(#"{"type":"public-key","id":"AQ","transports":["usb","cable"]}"#.utf8))
    #expect(descriptor.transports == [.usb, AuthenticatorTransport(rawValue: "cable")])
  }

  @Test("a response built here writes clientExtensionResults and no absent optionals")
  func builtResponse() throws {
    let credential = AuthenticationResponseJSON(
      rawId: Base64URLBytes([0xfb, 0xff]),
      response: AuthenticatorAssertionResponseJSON(
        clientDataJSON: Base64URLBytes([1]), authenticatorData: Base64URLBytes([2]),
        signature: Base64URLBytes([3])),
      authenticatorAttachment: .platform)
    let written = try Self.json(JSONEncoder().encode(credential))
    #expect(
      written == [
        "id": "-_8", "rawId": "-_8", "type": "public-key", "authenticatorAttachment": "platform",
        "clientExtensionResults": [:],
        "response": ["clientDataJSON": "AQ", "authenticatorData": "Ag", "signature": "Aw"],
      ])
    let read = try JSONDecoder().decode(
      AuthenticationResponseJSON.self, from: JSONEncoder().encode(credential))
    #expect(read == credential)
  }

  @Test("base64url with padding, with +/ or of an impossible length is refused")
  func base64URLRefusals() {
    for text in ["AQ==", "A+/B", "A", "AQ\n", "AQ=", " AQ"] {
      #expect(throws: WebAuthnError.invalidBase64URL, "\(text)") {
        try Base64URLBytes(base64URL: text)
      }
    }
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        PublicKeyCredentialRequestOptionsJSON.self, from: Data(#"{"challenge":"AQ=="}"#.utf8))
    }
    #expect((try? Base64URLBytes(base64URL: "")) == Base64URLBytes([]))
  }
}

import Testing
import WebAuthn

@Suite("Authenticator data")
struct AuthenticatorDataTests {
  /// The authenticator data inside py_webauthn's "none" registration.
  static func registrationBytes() throws -> [UInt8] {
    let object = try CBOR.decode(base64URL(Fixtures.noneAttestationObject))
    return object[key: "authData"]?.bytesValue ?? []
  }

  @Test("a real registration's authenticator data reads field by field")
  func realRegistration() throws {
    let bytes = try Self.registrationBytes()
    #expect(bytes.count == 196)
    let data = try AuthenticatorData(bytes: bytes)
    #expect(data.rpIDHash == AuthenticatorData.rpIDHash(for: "localhost"))
    #expect(data.flags == [.userPresent, .userVerified, .attestedCredentialData])
    #expect(data.signCount == 23)
    #expect(data.extensions == nil)
    let credential = try #require(data.attestedCredential)
    #expect(credential.aaguid == Array(repeating: 0, count: 16))
    #expect(credential.credentialID == (try base64URL(Fixtures.noneCredentialID)))
    #expect(credential.publicKeyBytes == (try base64URL(Fixtures.noneCredentialPublicKey)))
    #expect(credential.publicKey == (try COSEKey(cbor: credential.publicKeyBytes)))
    #expect(data.bytes() == bytes)
  }

  @Test("assertions' authenticator data read flags and a big-endian sign count")
  func realAssertions() throws {
    let es256 = try AuthenticatorData(
      bytes: base64URL("SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MBAAAATg"))
    #expect(es256.flags == .userPresent)
    #expect(es256.signCount == 78)
    #expect(es256.attestedCredential == nil)
    let large = try AuthenticatorData(
      bytes: base64URL("SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFYN-Mog"))
    #expect(large.flags == [.userPresent, .userVerified])
    #expect(large.signCount == 0x60df_8ca2)
  }

  @Test("every truncation of a registration's authenticator data is refused")
  func everyTruncation() throws {
    let bytes = try Self.registrationBytes()
    for length in 0..<bytes.count {
      #expect(throws: WebAuthnError.truncated, "length \(length)") {
        try AuthenticatorData(bytes: Array(bytes.prefix(length)))
      }
    }
  }

  @Test("bytes after the credential, or after the fixed part without AT, are refused")
  func trailing() throws {
    let bytes = try Self.registrationBytes()
    #expect(throws: WebAuthnError.trailingBytes) { try AuthenticatorData(bytes: bytes + [0]) }
    var assertion = Array(bytes.prefix(37))
    assertion[32] = AuthenticatorData.Flags.userPresent.rawValue
    #expect(throws: WebAuthnError.trailingBytes) {
      try AuthenticatorData(bytes: assertion + [0xa0])
    }
  }

  @Test("a credential id longer than 1023 bytes, or empty, is refused before it is read")
  func credentialIDLength() throws {
    let bytes = try Self.registrationBytes()
    for (high, low) in [(UInt8(0x04), UInt8(0x00)), (0xff, 0xff), (0, 0)] {
      var changed = bytes
      changed[53] = high
      changed[54] = low
      #expect(throws: WebAuthnError.malformed(field: "credentialIdLength")) {
        try AuthenticatorData(bytes: changed)
      }
    }
  }

  @Test("data built here reads back as itself, extensions included")
  func buildRoundTrip() throws {
    let credential = try AttestedCredential(
      credentialID: Array(repeating: 7, count: 1023),
      publicKey: .ec2P256(x: Array(0..<32), y: Array(32..<64)))
    let data = try AuthenticatorData(
      rpIDHash: AuthenticatorData.rpIDHash(for: "example.com"),
      flags: [.userPresent, .backupEligible, .backedUp], signCount: 0xfedc_ba98,
      attestedCredential: credential, extensions: .map([(.text("credProtect"), .int(2))]))
    #expect(data.flags == [
      .userPresent, .backupEligible, .backedUp, .attestedCredentialData, .extensionData,
    ])
    let bytes = data.bytes()
    #expect(bytes[33..<37] == [0xfe, 0xdc, 0xba, 0x98])
    #expect(bytes[53..<55] == [0x03, 0xff])
    #expect(try AuthenticatorData(bytes: bytes) == data)
  }

  @Test("AT and ED follow what is given, not the flags asked for")
  func flagsFollowContent() throws {
    let data = try AuthenticatorData(
      rpIDHash: Array(repeating: 0, count: 32),
      flags: [.userPresent, .attestedCredentialData, .extensionData], signCount: 0)
    #expect(data.flags == .userPresent)
    #expect(data.bytes().count == 37)
  }

  @Test("values that cannot be written are refused when built")
  func buildRefusals() throws {
    #expect(throws: WebAuthnError.malformed(field: "rpIdHash")) {
      try AuthenticatorData(rpIDHash: [1], flags: [], signCount: 0)
    }
    #expect(throws: WebAuthnError.malformed(field: "extensions")) {
      try AuthenticatorData(
        rpIDHash: Array(repeating: 0, count: 32), flags: [], signCount: 0, extensions: .null)
    }
    let key = COSEKey.ec2P256(x: Array(0..<32), y: Array(32..<64))
    #expect(throws: WebAuthnError.malformed(field: "credentialIdLength")) {
      try AttestedCredential(credentialID: Array(repeating: 0, count: 1024), publicKey: key)
    }
    #expect(throws: WebAuthnError.malformed(field: "aaguid")) {
      try AttestedCredential(aaguid: [0], credentialID: [1], publicKey: key)
    }
  }

  @Test("extension data that is not a map is refused")
  func extensionsNotAMap() throws {
    var bytes = Array(repeating: UInt8(0), count: 32)
    bytes += [AuthenticatorData.Flags([.userPresent, .extensionData]).rawValue, 0, 0, 0, 1]
    #expect(throws: WebAuthnError.malformed(field: "extensions")) {
      try AuthenticatorData(bytes: bytes + [0x80])
    }
    #expect(throws: WebAuthnError.truncated) { try AuthenticatorData(bytes: bytes) }
  }

  @Test("the signed bytes are the authenticator data, then SHA-256 of the client data")
  func signedBytes() {
    let signed = AuthenticatorData.signedBytes(authenticatorData: [1, 2], clientDataJSON: [])
    #expect(signed == [1, 2] + hex(
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"))
  }
}

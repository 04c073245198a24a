import Foundation
// The reference backend's own ES256 check, written apart from the authenticator's signer.
@testable import KooberBackend
import LoginCore
import SoftwarePasskeys
import Testing
import WebAuthn

/// The software authenticator's ceremonies, read back with WebAuthn's parsers and checked
/// with the reference backend's signature check: what a relying party sees.
@Suite("SoftwareAuthenticator's ceremonies")
struct SoftwareAuthenticatorTests {
  static let handle = Base64URLBytes(Array(repeating: 7, count: 32))

  static func creation(
    rpID: String = "localhost", exclude: [Base64URLBytes] = [],
    userVerification: UserVerificationRequirement? = .preferred,
    algorithms: [PublicKeyCredentialParameters] = [.init(.es256), .init(.rs256)]
  ) -> PublicKeyCredentialCreationOptionsJSON {
    PublicKeyCredentialCreationOptionsJSON(
      rp: PublicKeyCredentialRpEntity(id: rpID, name: "Koober"),
      user: PublicKeyCredentialUserEntityJSON(
        id: handle, name: "ann@example.com", displayName: "Ann"),
      challenge: Base64URLBytes(Array(repeating: 1, count: 32)), pubKeyCredParams: algorithms,
      excludeCredentials: exclude.map { PublicKeyCredentialDescriptorJSON(id: $0) },
      authenticatorSelection: AuthenticatorSelectionCriteria(
        residentKey: .required, userVerification: userVerification))
  }

  static func request(
    rpID: String = "localhost", allow: [Base64URLBytes] = [],
    userVerification: UserVerificationRequirement? = .preferred
  ) -> PublicKeyCredentialRequestOptionsJSON {
    PublicKeyCredentialRequestOptionsJSON(
      challenge: Base64URLBytes(Array(repeating: 2, count: 32)), rpId: rpID,
      allowCredentials: allow.map { PublicKeyCredentialDescriptorJSON(id: $0) },
      userVerification: userVerification)
  }

  @Test("registration: a none attestation of a new ES256 key, user present, counter 0")
  func registration() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    let credential = try await authenticator.register(Self.creation())
    #expect(credential.rawId.bytes.count == 32)
    #expect(credential.id == credential.rawId.base64URL)
    let attestation = try AttestationObject(bytes: credential.response.attestationObject.bytes)
    #expect(attestation.fmt == "none")
    let data = attestation.authenticatorData
    #expect(data.rpIDHash == AuthenticatorData.rpIDHash(for: "localhost"))
    #expect(data.flags == [.userPresent, .attestedCredentialData])
    #expect(data.signCount == 0)
    #expect(data.attestedCredential?.credentialID == credential.rawId.bytes)
    guard case .ec2P256(let x, let y) = data.attestedCredential?.publicKey else {
      Issue.record("not an ES256 key")
      return
    }
    // The L3 JSON's own copies agree with the attestation's.
    #expect(credential.response.publicKey?.bytes.suffix(64) == (x + y)[...])
    #expect(credential.response.publicKeyAlgorithm == -7)
    #expect(credential.response.authenticatorData?.bytes == attestation.rawAuthenticatorData)
    let client = try CollectedClientData(json: credential.response.clientDataJSON.bytes)
    #expect(client.type == .create)
    #expect(client.challenge == Array(repeating: 1, count: 32))
    #expect(client.origin == "https://localhost")
    #expect(try await authenticator.hasPasskey(for: "localhost"))
  }

  @Test("assertions: the counter grows, the user handle names the user, the signature verifies")
  func assertions() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    let registered = try await authenticator.register(Self.creation())
    let attestation = try AttestationObject(bytes: registered.response.attestationObject.bytes)
    guard case .ec2P256(let x, let y) = attestation.authenticatorData.attestedCredential?.publicKey
    else {
      Issue.record("not an ES256 key")
      return
    }
    for expected in 1...3 as ClosedRange<UInt32> {
      let assertion = try await authenticator.authenticate(Self.request())
      #expect(assertion.rawId == registered.rawId)
      #expect(assertion.response.userHandle == Self.handle)
      let bytes = assertion.response.authenticatorData.bytes
      let data = try AuthenticatorData(bytes: bytes)
      #expect(data.signCount == expected)
      #expect(data.flags == [.userPresent])
      #expect(data.rpIDHash == AuthenticatorData.rpIDHash(for: "localhost"))
      let client = try CollectedClientData(json: assertion.response.clientDataJSON.bytes)
      #expect(client.type == .get && client.origin == "https://localhost")
      let message = AuthenticatorData.signedBytes(
        authenticatorData: bytes, clientDataJSON: assertion.response.clientDataJSON.bytes)
      let signature = assertion.response.signature.bytes
      #expect(SignatureVerifier.es256(x: x, y: y, signature: signature, message: message))
      // A flipped bit of the message no longer verifies: the check is no rubber stamp.
      var bent = message
      bent[0] ^= 1
      #expect(!SignatureVerifier.es256(x: x, y: y, signature: signature, message: bent))
    }
  }

  @Test("the app's origin is written when it gives one; an RP ID it cannot speak for is refused")
  func origins() async throws {
    let own = SoftwareAuthenticator.inMemory(origin: "https://login.koober.example")
    let credential = try await own.register(Self.creation(rpID: "koober.example"))
    let client = try CollectedClientData(json: credential.response.clientDataJSON.bytes)
    #expect(client.origin == "https://login.koober.example")
    for foreign in ["evil.example", "ober.example", "login.koober.example.evil"] {
      await #expect(throws: AuthFailure.self) {
        _ = try await own.register(Self.creation(rpID: foreign))
      }
    }
    await #expect(throws: AuthFailure.unavailable(.serverTrouble(
      "passkey options not usable: the RP ID evil.example is not a domain of "
        + "https://login.koober.example")))
    {
      _ = try await own.authenticate(Self.request(rpID: "evil.example"))
    }
  }

  @Test("a credential in excludeCredentials is refused, as the spec says, and nothing is made")
  func excluded() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    let first = try await authenticator.register(Self.creation())
    await #expect(throws: AuthFailure.refused(.passkeyExists)) {
      _ = try await authenticator.register(Self.creation(exclude: [first.rawId]))
    }
    // Still the first key answers.
    #expect(try await authenticator.authenticate(Self.request()).rawId == first.rawId)
  }

  @Test("no ES256 among the algorithms is the server's trouble, not the person's")
  func noES256() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    await #expect(throws: AuthFailure.unavailable(.serverTrouble(
      "passkey options not usable: the server offers no ES256 key")))
    {
      _ = try await authenticator.register(Self.creation(algorithms: [.init(.rs256)]))
    }
  }

  @Test("no passkey for the site, or none of those allowed: .noPasskey")
  func noPasskey() async throws {
    let authenticator = SoftwareAuthenticator.inMemory()
    await #expect(throws: AuthFailure.refused(.noPasskey)) {
      _ = try await authenticator.authenticate(Self.request())
    }
    _ = try await authenticator.register(Self.creation())
    await #expect(throws: AuthFailure.refused(.noPasskey)) {
      _ = try await authenticator.authenticate(Self.request(rpID: "koober.example"))
    }
    await #expect(throws: AuthFailure.refused(.noPasskey)) {
      _ = try await authenticator.authenticate(Self.request(allow: [Base64URLBytes([1, 2])]))
    }
  }

  @Test("user verification: claimed when the app's check passes, cancelled when it fails")
  func userVerification() async throws {
    let asked = Counter()
    let passing = SoftwareAuthenticator.inMemory(userVerification: {
      await asked.add()
      return true
    })
    let registered = try await passing.register(Self.creation())
    let attested = try AttestationObject(bytes: registered.response.attestationObject.bytes)
    #expect(attested.authenticatorData.flags.contains(.userVerified))
    let assertion = try await passing.authenticate(Self.request())
    #expect(try AuthenticatorData(bytes: assertion.response.authenticatorData.bytes).flags
      == [.userPresent, .userVerified])
    // Discouraged: the check is not run, and not claimed.
    let quiet = try await passing.authenticate(Self.request(userVerification: .discouraged))
    #expect(try AuthenticatorData(bytes: quiet.response.authenticatorData.bytes).flags
      == [.userPresent])
    #expect(await asked.value == 2)

    let failing = SoftwareAuthenticator.inMemory(userVerification: { false })
    await #expect(throws: AuthFailure.refused(.passkeyCancelled)) {
      _ = try await failing.register(Self.creation())
    }
    #expect(try await failing.hasPasskey(for: "localhost") == false)
    let unable = SoftwareAuthenticator.inMemory()
    await #expect(throws: AuthFailure.refused(.passkeyCancelled)) {
      _ = try await unable.register(Self.creation(userVerification: .required))
    }
  }
}

/// A count behind an actor.
actor Counter {
  private(set) var value = 0
  func add() { value += 1 }
}

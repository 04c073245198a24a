import Foundation
import Testing
import WebAuthn
import WireFormat

@testable import KooberBackend

/// `POST /v1/auth/passkeys/registration/options` and `/registration`: the options as the
/// contract fixes them, an honest registration, and each refusal, its check read back from
/// the backend (every one answers the same `invalid_passkey`).
@Suite("passkey registration")
struct PasskeyRegistrationTests {
  @Test("the options are the contract's: rp, a random user handle, ES256 and RS256, none")
  func options_areTheContracts() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let response = try await server.registrationOptionsResponse(token: token)
    #expect(response.status == 200)
    #expect(response.headers["cache-control"] == "no-store")
    let flowID = try #require(response.string("flowId"))
    #expect(flowID.hasPrefix("pkf_"))
    let options = try #require(response.json["publicKey"] as? [String: Any])
    #expect(options["rp"] as? [String: String] == ["id": "localhost", "name": "Koober"])
    let user = try #require(options["user"] as? [String: String])
    #expect(user["name"] == "ann@example.com")
    #expect(user["displayName"] == "ann@example.com")
    let handle = try Base64URLBytes(base64URL: try #require(user["id"]))
    #expect(handle.bytes.count == 32)
    #expect(!String(decoding: handle.bytes, as: UTF8.self).contains("ann"))
    let challenge = try Base64URLBytes(base64URL: try #require(options["challenge"] as? String))
    #expect(challenge.bytes.count == 32)
    let parameters = try #require(options["pubKeyCredParams"] as? [[String: Any]])
    #expect(parameters.map { $0["alg"] as? Int } == [-7, -257])
    #expect(parameters.allSatisfy { $0["type"] as? String == "public-key" })
    #expect(options["timeout"] as? Int == 300_000)
    #expect((options["excludeCredentials"] as? [Any])?.isEmpty == true)
    #expect(
      options["authenticatorSelection"] as? [String: String]
        == ["residentKey": "required", "userVerification": "preferred"])
    #expect(options["attestation"] as? String == "none")

    // The same handle every time, and the registered passkey excluded next time.
    let authenticator = try TestAuthenticator()
    #expect(try await server.registerPasskey(token: token, with: authenticator).status == 201)
    let again = try await server.registrationOptions(token: token)
    #expect(again.publicKey.user.id == handle)
    #expect(again.publicKey.excludeCredentials.map(\.id.bytes) == [authenticator.credentialID])
    #expect(again.publicKey.challenge != challenge)
  }

  @Test("an honest registration answers 201 with the passkey, and the list shows it")
  func honestRegistration_isKept() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let authenticator = try TestAuthenticator()
    let response = try await server.registerPasskey(
      token: token, with: authenticator, name: "  Ann's laptop ")
    #expect(response.status == 201)
    let passkey = try #require(response.json["passkey"] as? [String: Any])
    #expect(passkey["id"] as? String == Base64URL.encoded(authenticator.credentialID))
    #expect(passkey["name"] as? String == "Ann's laptop")
    #expect(passkey["createdAt"] is String)
    #expect(passkey["lastUsedAt"] is NSNull)
    let listed = try await server.passkeys(token: token)
    #expect(listed.map { $0["id"] as? String } == [passkey["id"] as? String])
  }

  @Test("an RS256 credential registers and signs in", .enabled(if: TestSigningKey.supportsRS256))
  func rs256_registersAndSignsIn() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let authenticator = try TestAuthenticator(key: try TestSigningKey(rsaBits: 2048))
    #expect(try await server.registerPasskey(token: token, with: authenticator).status == 201)
    #expect(try await server.signInWithPasskey(authenticator).status == 200)
    let bent = try await server.signInWithPasskey(
      authenticator, bend: .init(flipSignatureBit: true))
    #expect(bent.status == 401)
    #expect(server.latestRefusal == .signature)
  }

  @Test(
    "each failed check answers 400 invalid_passkey and keeps nothing",
    arguments: [
      ("another origin", TestAuthenticator.Bend(origin: "https://evil.example"), .origin),
      ("another RP ID", .init(rpID: "evil.example"), .rpIDHash),
      ("a get ceremony", .init(type: .get), .ceremonyType),
      ("another challenge", .init(challenge: Array(repeating: 7, count: 32)), .challenge),
      ("no user presence", .init(userPresent: false), .userNotPresent),
      ("no credential", .init(withoutAttestedCredential: true), .noAttestedCredential),
    ] as [(String, TestAuthenticator.Bend, PasskeyRefusal)])
  func bentRegistration_isRefused(
    _ label: String, _ bend: TestAuthenticator.Bend, _ reason: PasskeyRefusal
  ) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let response = try await server.registerPasskey(
      token: token, with: try TestAuthenticator(), bend: bend)
    #expect(response.status == 400, "\(label)")
    #expect(response.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == reason, "\(label)")
    #expect(try await server.passkeys(token: token).isEmpty)
  }

  @Test("a challenge replayed from a spent flow, and a flow used twice or late, are refused")
  func replayedChallenge_andSpentFlows_areRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let first = try await server.registrationOptions(token: token)
    let authenticator = try TestAuthenticator()
    let credential = try authenticator.register(first.publicKey)
    let finish = { (flowID: String) in
      try await server.finishRegistration(
        token: token, flowID: flowID, name: "laptop", credential: credential)
    }
    #expect(try await finish(first.flowId).status == 201)
    // The same flow again: spent.
    #expect(try await finish(first.flowId).errorCode == "flow_expired")
    // The old credential (its challenge) with a new flow: another challenge.
    let second = try await server.registrationOptions(token: token)
    #expect(try await finish(second.flowId).status == 400)
    #expect(server.latestRefusal == .challenge)
    // A flow past its 5 minutes.
    let late = try await server.registrationOptions(token: token)
    server.clock.advance(by: 301)
    let other = try TestAuthenticator()
    let lateCredential = try other.register(late.publicKey)
    let answer = try await server.finishRegistration(
      token: token, flowID: late.flowId, name: "late", credential: lateCredential)
    #expect(answer.status == 410)
    #expect(answer.errorCode == "flow_expired")
  }

  @Test("another user's flow is as unknown as none")
  func anotherUsersFlow_isExpired() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let ann = try await server.accessToken("ann@example.com")
    let bob = try await server.accessToken("bob@example.com")
    let started = try await server.registrationOptions(token: ann)
    let credential = try TestAuthenticator().register(started.publicKey)
    let answer = try await server.finishRegistration(
      token: bob, flowID: started.flowId, name: "stolen", credential: credential)
    #expect(answer.status == 410)
  }

  @Test("registration needs a sign-in of the last 10 minutes; a refresh does not renew it")
  func staleSignIn_needsReauthentication() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    let refreshToken = try #require(signUp.string("refreshToken"))
    server.clock.advance(by: 9 * 60)
    let refreshed = try await server.send(
      "POST", "/v1/auth/refresh", json: ["refreshToken": refreshToken])
    let token = try #require(refreshed.string("token"))
    #expect(try await server.registrationOptionsResponse(token: token).status == 200)
    server.clock.advance(by: 61)
    let stale = try await server.registrationOptionsResponse(token: token)
    #expect(stale.status == 403)
    #expect(stale.errorCode == "reauthentication_required")
    let fresh = try #require(try await server.signIn("ann@example.com").string("token"))
    #expect(try await server.registrationOptionsResponse(token: fresh).status == 200)
  }

  @Test("a credential id registered twice, by anyone, answers 409 passkey_exists")
  func credentialIDTwice_isRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let ann = try await server.accessToken("ann@example.com")
    let bob = try await server.accessToken("bob@example.com")
    let authenticator = try TestAuthenticator()
    #expect(try await server.registerPasskey(token: ann, with: authenticator).status == 201)
    let again = try await server.registerPasskey(token: ann, with: authenticator)
    #expect(again.status == 409)
    #expect(again.errorCode == "passkey_exists")
    #expect(try await server.registerPasskey(token: bob, with: authenticator).status == 409)
    #expect(try await server.passkeys(token: bob).isEmpty)
  }

  @Test(
    "a name that is empty, too long or holds control characters answers 422 invalid_name",
    arguments: ["", "   ", String(repeating: "a", count: 65), "laptop\n", "a\u{7}b", "x\u{0}"])
  func badName_isRefused(_ name: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let response = try await server.registerPasskey(
      token: token, with: try TestAuthenticator(), name: name)
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_name")
    #expect(try await server.passkeys(token: token).isEmpty)
  }

  @Test("a 64-character name is kept")
  func longestName_isKept() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let name = String(repeating: "名", count: 64)
    let response = try await server.registerPasskey(
      token: token, with: try TestAuthenticator(), name: name)
    #expect(response.status == 201)
  }

  @Test("a rawId that is not the attested credential id, or an id that is not the rawId")
  func mismatchedIDs_areRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    for change in [0, 1] {
      let started = try await server.registrationOptions(token: token)
      var credential = try TestAuthenticator().register(started.publicKey)
      if change == 0 {
        credential.rawId = Base64URLBytes([1, 2, 3])
        credential.id = credential.rawId.base64URL
      } else {
        credential.id = "AQID"
      }
      let answer = try await server.finishRegistration(
        token: token, flowID: started.flowId, name: "x", credential: credential)
      #expect(answer.status == 400)
      #expect(server.latestRefusal == .credentialID)
    }
  }

  @Test("CBOR that does not parse and a key of another algorithm are refused")
  func brokenAttestation_isRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let started = try await server.registrationOptions(token: token)
    var credential = try TestAuthenticator().register(started.publicKey)
    credential.response.attestationObject = Base64URLBytes([0xA3, 0x63, 0x66])
    let broken = try await server.finishRegistration(
      token: token, flowID: started.flowId, name: "x", credential: credential)
    #expect(broken.status == 400)
    #expect(server.latestRefusal == .malformed(.truncated))

    // An Ed25519 key (alg -8), which the options did not offer.
    let second = try await server.registrationOptions(token: token)
    let authenticator = try TestAuthenticator()
    var eddsa = try authenticator.register(second.publicKey)
    let okp = CBOR.map([
      (.int(1), .int(1)), (.int(3), .int(-8)), (.int(-1), .int(6)),
      (.int(-2), .bytes(Array(repeating: 1, count: 32))),
    ]).encoded()
    let id = authenticator.credentialID
    let data =
      AuthenticatorData.rpIDHash(for: "localhost") + [0x41, 0, 0, 0, 0]
      + Array(repeating: 0, count: 16) + [0, UInt8(id.count)] + id + okp
    eddsa.response.attestationObject = Base64URLBytes(
      CBOR.map([
        (.text("fmt"), .text("none")), (.text("attStmt"), .map([])),
        (.text("authData"), .bytes(data)),
      ]).encoded())
    let refused = try await server.finishRegistration(
      token: token, flowID: second.flowId, name: "x", credential: eddsa)
    #expect(refused.status == 400)
    #expect(server.latestRefusal == .algorithm)
  }
}

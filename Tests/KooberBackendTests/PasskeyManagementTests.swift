import Foundation
import Testing
import WebAuthn
import WireFormat

@testable import KooberBackend

/// `GET /v1/auth/passkeys`, `PATCH` and `DELETE /v1/auth/passkeys/{id}`, the schema, and the
/// backend's signature checks on their own.
@Suite("passkey management")
struct PasskeyManagementTests {
  @Test("the list is the caller's passkeys, oldest first")
  func list_isOldestFirst() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let ann = try await server.accessToken("ann@example.com")
    let bob = try await server.accessToken("bob@example.com")
    var ids: [String] = []
    for name in ["first", "second", "third"] {
      let authenticator = try TestAuthenticator()
      let response = try await server.registerPasskey(token: ann, with: authenticator, name: name)
      ids.append(try #require((response.json["passkey"] as? [String: Any])?["id"] as? String))
      server.clock.advance(by: name == "second" ? 0 : 5)
    }
    _ = try await server.registerPasskey(token: bob, with: try TestAuthenticator())
    let listed = try await server.passkeys(token: ann)
    #expect(listed.map { $0["id"] as? String } == ids)
    #expect(listed.map { $0["name"] as? String } == ["first", "second", "third"])
    #expect(try await server.send("GET", "/v1/auth/passkeys").status == 401)
  }

  /// A backend where Ann has one passkey and Bob none; their access tokens.
  private func annWithPasskeyAndBob() async throws
    -> (TestBackend, ann: String, bob: String, TestAuthenticator)
  {
    let server = try TestBackend()
    let ann = try await server.accessToken("ann@example.com")
    let bob = try await server.accessToken("bob@example.com")
    let authenticator = try TestAuthenticator()
    #expect(try await server.registerPasskey(token: ann, with: authenticator).status == 201)
    return (server, ann, bob, authenticator)
  }

  @Test("rename answers the passkey; bad names 422; another user's id 404")
  func rename() async throws {
    let (server, ann, bob, authenticator) = try await annWithPasskeyAndBob()
    defer { server.stop() }
    let id = Base64URL.encoded(authenticator.credentialID)
    let renamed = try await server.send(
      "PATCH", "/v1/auth/passkeys/\(id)", json: ["name": "Work phone"], token: ann)
    #expect(renamed.status == 200)
    #expect(renamed.string("name") == "Work phone")
    #expect(renamed.string("id") == id)
    let bad = try await server.send(
      "PATCH", "/v1/auth/passkeys/\(id)", json: ["name": "tab\there"], token: ann)
    #expect(bad.status == 422)
    #expect(bad.errorCode == "invalid_name")
    let foreign = try await server.send(
      "PATCH", "/v1/auth/passkeys/\(id)", json: ["name": "mine now"], token: bob)
    #expect(foreign.status == 404)
    #expect(foreign.errorCode == "not_found")
    #expect(try await server.passkeys(token: ann).first?["name"] as? String == "Work phone")
  }

  @Test("delete answers 204, keeps the sessions it signed in, and ends its sign-ins")
  func delete() async throws {
    let (server, ann, bob, authenticator) = try await annWithPasskeyAndBob()
    defer { server.stop() }
    let signedIn = try #require(try await server.signInWithPasskey(authenticator).string("token"))
    let id = Base64URL.encoded(authenticator.credentialID)
    #expect(try await server.send("DELETE", "/v1/auth/passkeys/\(id)", token: bob).status == 404)
    #expect(try await server.send("DELETE", "/v1/auth/passkeys/\(id)", token: ann).status == 204)
    #expect(try await server.send("DELETE", "/v1/auth/passkeys/\(id)", token: ann).status == 404)
    #expect(try await server.passkeys(token: ann).isEmpty)
    #expect(try await server.send("GET", "/v1/auth/session", token: signedIn).status == 200)
    let refused = try await server.signInWithPasskey(authenticator)
    #expect(refused.status == 401)
    #expect(server.latestRefusal == .unknownCredential)
  }

  @Test("the RP ID and the accepted origins come from the configuration")
  func configuration_namesTheRelyingParty() async throws {
    let server = try TestBackend {
      $0.relyingPartyID = "koober.example"
      $0.relyingPartyName = "Koober Test"
      $0.passkeyOrigins = ["https://app.koober.example", "https://koober.example"]
    }
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    let started = try await server.registrationOptions(token: token)
    #expect(started.publicKey.rp.id == "koober.example")
    #expect(started.publicKey.rp.name == "Koober Test")
    let authenticator = try TestAuthenticator()
    let home = TestAuthenticator.Bend(origin: "https://app.koober.example", rpID: "koober.example")
    let credential = try authenticator.register(started.publicKey, bend: home)
    #expect(
      try await server.finishRegistration(
        token: token, flowID: started.flowId, name: "x", credential: credential
      ).status == 201)
    #expect(try await server.signInWithPasskey(authenticator, bend: home).status == 200)
    // localhost is this backend's default origin no more.
    let local = try await server.signInWithPasskey(
      authenticator, bend: .init(origin: "https://localhost", rpID: "koober.example"))
    #expect(local.status == 401)
    #expect(server.latestRefusal == .origin)
    var defaults = KooberBackend.Configuration(dataDirectory: server.folder.url("other"))
    defaults.relyingPartyID = "example.org"
    #expect(defaults.acceptedPasskeyOrigins == ["https://example.org"])
  }

  @Test("the verifier refuses a point off the curve and an RSA key under 2048 bits")
  func verifier_refusesWeakKeys() throws {
    let key = try TestSigningKey()
    let message = Array("message".utf8)
    let signature = try key.sign(message)
    guard case .ec2P256(let x, let y) = key.publicKey else {
      Issue.record("not an EC key")
      return
    }
    #expect(SignatureVerifier.es256(x: x, y: y, signature: signature, message: message))
    #expect(!SignatureVerifier.es256(x: x, y: y, signature: signature, message: message + [0]))
    var offCurve = y
    offCurve[31] ^= 1
    #expect(!SignatureVerifier.es256(x: x, y: offCurve, signature: signature, message: message))
    #expect(!SignatureVerifier.es256(x: x, y: y, signature: [], message: message))
    #expect(
      !SignatureVerifier.rs256(
        n: Array(repeating: 0xFF, count: 128), e: [1, 0, 1], signature: [1], message: message))
  }
}

import Foundation
import Testing
import WebAuthn
import WireFormat

@testable import KooberBackend

/// `POST /v1/auth/passkeys/authentication/options` and `/authentication`: a discoverable
/// sign-in, a session for drivers too, and each refusal with the check behind it.
@Suite("passkey sign-in")
struct PasskeyAuthenticationTests {
  /// A backend with Ann signed up and one passkey registered.
  private func registered(
    initialSignCount: UInt32 = 0, type: String = "passenger"
  ) async throws -> (TestBackend, TestAuthenticator, token: String) {
    let server = try TestBackend()
    let token = try await server.accessToken("ann@example.com", type: type)
    let authenticator = try TestAuthenticator(initialSignCount: initialSignCount)
    let response = try await server.registerPasskey(token: token, with: authenticator)
    #expect(response.status == 201)
    return (server, authenticator, token)
  }

  @Test("the options name the RP ID, prefer user verification and allow any credential")
  func options_areTheContracts() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.send(
      "POST", "/v1/auth/passkeys/authentication/options", json: [:])
    #expect(response.status == 200)
    #expect(try #require(response.string("flowId")).hasPrefix("pkf_"))
    let options = try #require(response.json["publicKey"] as? [String: Any])
    #expect(options["rpId"] as? String == "localhost")
    #expect(options["userVerification"] as? String == "preferred")
    #expect(options["timeout"] as? Int == 300_000)
    #expect((options["allowCredentials"] as? [Any])?.isEmpty == true)
    let challenge = try Base64URLBytes(base64URL: try #require(options["challenge"] as? String))
    #expect(challenge.bytes.count == 32)
  }

  @Test("an honest assertion answers a Session and records the use and the count")
  func honestAssertion_signsIn() async throws {
    let (server, authenticator, token) = try await registered(initialSignCount: 5)
    defer { server.stop() }
    server.clock.advance(by: 60)
    let response = try await server.signInWithPasskey(authenticator)
    #expect(response.status == 200)
    #expect(response.headers["cache-control"] == "no-store")
    #expect(response.user["email"] as? String == "ann@example.com")
    let access = try #require(response.string("token"))
    #expect(try #require(response.string("refreshToken")) != token)
    #expect(try await server.send("GET", "/v1/auth/session", token: access).status == 200)
    let listed = try #require(try await server.passkeys(token: token).first)
    #expect(listed["lastUsedAt"] is String)
    let stored = try #require(
      try server.backend.store.storedPasskey(id: Base64URL.encoded(authenticator.credentialID)))
    #expect(stored.signCount == 6)
  }

  @Test("a driver gets a Session, no one-time code")
  func driver_getsASession() async throws {
    let (server, authenticator, _) = try await registered(type: "driver")
    defer { server.stop() }
    let response = try await server.signInWithPasskey(authenticator)
    #expect(response.status == 200)
    #expect(response.user["type"] as? String == "driver")
    #expect(response.string("token") != nil)
  }

  @Test(
    "each failed check answers the same 401 invalid_passkey",
    arguments: [
      ("another origin", TestAuthenticator.Bend(origin: "https://evil.example"), .origin),
      ("another RP ID", .init(rpID: "evil.example"), .rpIDHash),
      ("a create ceremony", .init(type: .create), .ceremonyType),
      ("another challenge", .init(challenge: Array(repeating: 9, count: 32)), .challenge),
      ("no user presence", .init(userPresent: false), .userNotPresent),
      ("a flipped signature bit", .init(flipSignatureBit: true), .signature),
      ("no user handle", .init(userHandle: .some(nil)), .userHandle),
    ] as [(String, TestAuthenticator.Bend, PasskeyRefusal)])
  func bentAssertion_isRefused(
    _ label: String, _ bend: TestAuthenticator.Bend, _ reason: PasskeyRefusal
  ) async throws {
    let (server, authenticator, token) = try await registered()
    defer { server.stop() }
    let response = try await server.signInWithPasskey(authenticator, bend: bend)
    #expect(response.status == 401, "\(label)")
    #expect(response.errorCode == "invalid_passkey")
    #expect(response.error["message"] as? String == "This passkey could not be verified.")
    #expect(server.latestRefusal == reason, "\(label)")
    let listed = try #require(try await server.passkeys(token: token).first)
    #expect(listed["lastUsedAt"] is NSNull)
  }

  @Test("an unknown credential and another user's handle are refused alike")
  func unknownCredential_andOtherUsersHandle_areRefused() async throws {
    let (server, ann, _) = try await registered()
    defer { server.stop() }
    let stranger = try TestAuthenticator()
    let unknown = try await server.signInWithPasskey(stranger)
    #expect(unknown.status == 401)
    #expect(unknown.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == .unknownCredential)

    let bob = try await server.accessToken("bob@example.com")
    let bobs = try TestAuthenticator()
    #expect(try await server.registerPasskey(token: bob, with: bobs).status == 201)
    let swapped = try await server.signInWithPasskey(
      ann, bend: .init(userHandle: .some(bobs.userHandle)))
    #expect(swapped.status == 401)
    #expect(server.latestRefusal == .userHandle)
  }

  @Test("a replayed assertion, a flow used twice and a flow past 5 minutes are refused")
  func replays_areRefused() async throws {
    let (server, authenticator, _) = try await registered()
    defer { server.stop() }
    let first = try await server.authenticationOptions()
    let assertion = try authenticator.authenticate(first.publicKey)
    #expect(try await server.finishAuthentication(flowID: first.flowId, credential: assertion)
      .status == 200)
    let twice = try await server.finishAuthentication(flowID: first.flowId, credential: assertion)
    #expect(twice.status == 410)
    #expect(twice.errorCode == "flow_expired")
    let second = try await server.authenticationOptions()
    let replayed = try await server.finishAuthentication(
      flowID: second.flowId, credential: assertion)
    #expect(replayed.status == 401)
    #expect(server.latestRefusal == .challenge)
    let late = try await server.authenticationOptions()
    server.clock.advance(by: 301)
    let expired = try await server.finishAuthentication(
      flowID: late.flowId, credential: try authenticator.authenticate(late.publicKey))
    #expect(expired.status == 410)
    #expect(expired.errorCode == "flow_expired")
  }

  @Test("a sign count that does not grow is refused while either count is non-zero")
  func signCount_mustGrow() async throws {
    let (server, authenticator, _) = try await registered(initialSignCount: 10)
    defer { server.stop() }
    #expect(try await server.signInWithPasskey(authenticator).status == 200)  // 11
    for count: UInt32 in [3, 11, 0] {
      let response = try await server.signInWithPasskey(
        authenticator, bend: .init(signCount: count))
      #expect(response.status == 401, "count \(count)")
      #expect(server.latestRefusal == .signCount)
    }
    #expect(try await server.signInWithPasskey(authenticator).status == 200)  // 12
    #expect(BackendStore.signCountAccepted(stored: 0, received: 0))
    #expect(BackendStore.signCountAccepted(stored: 0, received: 1))
    #expect(!BackendStore.signCountAccepted(stored: 1, received: 0))
    #expect(!BackendStore.signCountAccepted(stored: 7, received: 7))
  }

  @Test("an authenticator that keeps no count signs in again and again")
  func zeroCounts_signInRepeatedly() async throws {
    let (server, authenticator, _) = try await registered(initialSignCount: 0)
    defer { server.stop() }
    for _ in 0..<3 {
      #expect(try await server.signInWithPasskey(authenticator).status == 200)
    }
  }

  @Test("a locked account answers 423 to a verified passkey; passkeys do not count")
  func lockedAccount_isRefused() async throws {
    let (server, authenticator, _) = try await registered()
    defer { server.stop() }
    for _ in 0..<5 {
      #expect(try await server.signIn("ann@example.com", password: "wrong-pass1").status == 401)
    }
    let locked = try await server.signInWithPasskey(authenticator)
    #expect(locked.status == 423)
    #expect(locked.errorCode == "account_locked")
    server.clock.advance(by: 301)
    // Failed passkeys before the lock ends do not count towards a new one.
    for _ in 0..<6 {
      _ = try await server.signInWithPasskey(authenticator, bend: .init(flipSignatureBit: true))
    }
    #expect(try await server.signIn("ann@example.com").status == 200)
    #expect(try await server.signInWithPasskey(authenticator).status == 200)
  }
}

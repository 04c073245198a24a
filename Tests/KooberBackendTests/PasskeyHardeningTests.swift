import DatabaseClient
import Foundation
import Testing
import WebAuthn
import WireFormat

@testable import KooberBackend

/// Issue 33's review of the relying party: framed ceremonies, backup flags, keys that can
/// never verify, an unknown credential's cost, flows that expire at once and are capped, the
/// reauthentication window at finish, and a refused attempt spending its flow.
@Suite("passkey relying party hardening")
struct PasskeyHardeningTests {
  /// A backend with Ann signed up and, unless told otherwise, one passkey registered.
  private func registered(
    register: Bool = true, bend: TestAuthenticator.Bend = .none
  ) async throws -> (TestBackend, TestAuthenticator, token: String) {
    let server = try TestBackend()
    let token = try await server.accessToken("ann@example.com")
    let authenticator = try TestAuthenticator()
    if register {
      let response = try await server.registerPasskey(
        token: token, with: authenticator, bend: bend)
      #expect(response.status == 201)
    }
    return (server, authenticator, token)
  }

  private func liveFlows(_ server: TestBackend) throws -> Int? {
    let row = try server.backend.store.read { database throws(DatabaseError) in
      try database.queryOne("SELECT COUNT(*) AS live FROM passkey_flows")
    }
    return row?["live"] as Int?
  }

  private static let framed: [(String, TestAuthenticator.Bend)] = [
    ("crossOrigin true", .init(crossOrigin: true)),
    ("a topOrigin", .init(topOrigin: "https://evil.example")),
    ("both", .init(crossOrigin: true, topOrigin: "https://localhost")),
  ]

  @Test("a framed registration is refused with 400 invalid_passkey", arguments: framed)
  func framedRegistration_isRefused(_ label: String, _ bend: TestAuthenticator.Bend)
    async throws
  {
    let (server, authenticator, token) = try await registered(register: false)
    defer { server.stop() }
    let response = try await server.registerPasskey(token: token, with: authenticator, bend: bend)
    #expect(response.status == 400, "\(label)")
    #expect(response.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == .crossOrigin, "\(label)")
    #expect(try await server.passkeys(token: token).isEmpty)
  }

  @Test("a framed assertion is refused with 401 invalid_passkey", arguments: framed)
  func framedAssertion_isRefused(_ label: String, _ bend: TestAuthenticator.Bend) async throws {
    let (server, authenticator, _) = try await registered()
    defer { server.stop() }
    let response = try await server.signInWithPasskey(authenticator, bend: bend)
    #expect(response.status == 401, "\(label)")
    #expect(response.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == .crossOrigin, "\(label)")
  }

  @Test("backed up without backup eligible is refused on both ceremonies")
  func backedUpWithoutEligible_isRefused() async throws {
    let (server, authenticator, token) = try await registered(register: false)
    defer { server.stop() }
    let bent = TestAuthenticator.Bend(flags: [.backedUp])
    let registration = try await server.registerPasskey(
      token: token, with: authenticator, bend: bent)
    #expect(registration.status == 400)
    #expect(registration.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == .backupState)

    #expect(try await server.registerPasskey(token: token, with: authenticator).status == 201)
    let assertion = try await server.signInWithPasskey(authenticator, bend: bent)
    #expect(assertion.status == 401)
    #expect(server.latestRefusal == .backupState)
  }

  @Test("an assertion whose BE differs from the stored one is refused, both ways")
  func changedBackupEligibility_isRefused() async throws {
    let (server, plain, _) = try await registered()
    defer { server.stop() }
    let gained = try await server.signInWithPasskey(
      plain, bend: .init(flags: [.backupEligible]))
    #expect(gained.status == 401)
    #expect(server.latestRefusal == .backupState)

    let (synced, eligible, _) = try await registered(bend: .init(flags: [.backupEligible]))
    defer { synced.stop() }
    let lost = try await synced.signInWithPasskey(eligible)
    #expect(lost.status == 401)
    #expect(synced.latestRefusal == .backupState)
  }

  @Test("a sign-in keeps the assertion's backup state")
  func signIn_storesBackupState() async throws {
    let (server, authenticator, _) = try await registered(
      bend: .init(flags: [.backupEligible]))
    defer { server.stop() }
    let id = Base64URL.encoded(authenticator.credentialID)
    func backedUp() throws -> Bool? {
      let row = try server.backend.store.read { database throws(DatabaseError) in
        try database.queryOne("SELECT backed_up FROM passkeys WHERE id = ?", id)
      }
      return row?["backed_up"] as Bool?
    }
    #expect(try backedUp() == false)
    let synced = try await server.signInWithPasskey(
      authenticator, bend: .init(flags: [.backupEligible, .backedUp]))
    #expect(synced.status == 200)
    #expect(try backedUp() == true)
    #expect(
      try await server.signInWithPasskey(authenticator, bend: .init(flags: [.backupEligible]))
        .status == 200)
    #expect(try backedUp() == false)
  }

  @Test(
    "a key that can never verify is refused at registration, not stored",
    arguments: [
      ("RSA-1024", COSEKey.rsa(n: [0xC5] + Array(repeating: 0x5A, count: 127), e: [1, 0, 1])),
      ("RSA with a 9-byte exponent", .rsa(n: [0xC5] + Array(repeating: 0x5A, count: 255),
        e: Array(repeating: 0x01, count: 9))),
      ("an EC point off P-256", .ec2P256(
        x: Array(repeating: 0x01, count: 32), y: Array(repeating: 0x02, count: 32))),
    ])
  func unusableKey_isRefused(_ label: String, _ key: COSEKey) async throws {
    let (server, authenticator, token) = try await registered(register: false)
    defer { server.stop() }
    let response = try await server.registerPasskey(
      token: token, with: authenticator, bend: .init(publicKey: key))
    #expect(response.status == 400, "\(label)")
    #expect(response.errorCode == "invalid_passkey")
    #expect(server.latestRefusal == .unusableKey, "\(label)")
    #expect(try await server.passkeys(token: token).isEmpty)
  }

  @Test("an unknown credential and a wrong user handle cost a signature check")
  func unknownCredential_checksASignature() async throws {
    let (server, ann, _) = try await registered()
    defer { server.stop() }
    let checks = { server.backend.store.signatureChecks.withLock { $0 } }
    let before = checks()
    let unknown = try await server.signInWithPasskey(try TestAuthenticator())
    #expect(unknown.status == 401)
    #expect(server.latestRefusal == .unknownCredential)
    #expect(checks() == before + 1)

    let swapped = try await server.signInWithPasskey(
      ann, bend: .init(userHandle: .some(Array(repeating: 7, count: 32))))
    #expect(swapped.status == 401)
    #expect(server.latestRefusal == .userHandle)
    #expect(checks() == before + 2)
  }

  @Test("expired and spent flows leave the table at once")
  func flows_arePrunedAtOnce() async throws {
    let (server, authenticator, _) = try await registered()
    defer { server.stop() }
    #expect(try liveFlows(server) == 0)
    _ = try await server.authenticationOptions()
    _ = try await server.authenticationOptions()
    #expect(try liveFlows(server) == 2)
    server.clock.advance(by: 301)
    let fresh = try await server.authenticationOptions()
    #expect(try liveFlows(server) == 1)
    let assertion = try authenticator.authenticate(fresh.publicKey)
    #expect(
      try await server.finishAuthentication(flowID: fresh.flowId, credential: assertion)
        .status == 200)
    #expect(try liveFlows(server) == 0)
  }

  @Test("past the cap of live flows, options answer 503 server_busy with retryAfter")
  func liveFlows_areCapped() async throws {
    let server = try TestBackend { $0.passkeyFlowLimit = 2 }
    defer { server.stop() }
    let token = try await server.accessToken("ann@example.com")
    _ = try await server.authenticationOptions()
    server.clock.advance(by: 100)
    _ = try await server.registrationOptions(token: token)
    for busy in [
      try await server.send("POST", "/v1/auth/passkeys/authentication/options", json: [:]),
      try await server.registrationOptionsResponse(token: token),
    ] {
      #expect(busy.status == 503)
      #expect(busy.errorCode == "server_busy")
      // The soonest flow expires 200 seconds from now.
      #expect(busy.error["retryAfter"] as? Int == 200)
      #expect(busy.headers["retry-after"] == "200")
    }
    #expect(try liveFlows(server) == 2)
    server.clock.advance(by: 200)
    #expect(
      try await server.send("POST", "/v1/auth/passkeys/authentication/options", json: [:])
        .status == 200)
  }

  @Test("registration options at 9:59 after sign-in do not finish at 14:58")
  func registrationFlow_endsWithTheReauthenticationWindow() async throws {
    let (server, authenticator, token) = try await registered(register: false)
    defer { server.stop() }
    server.clock.advance(by: 599)
    let started = try await server.registrationOptions(token: token)
    server.clock.advance(by: 299)
    let late = try await server.finishRegistration(
      token: token, flowID: started.flowId, name: "late",
      credential: try authenticator.register(started.publicKey))
    #expect(late.status == 410)
    #expect(late.errorCode == "flow_expired")
    #expect(try await server.passkeys(token: token).isEmpty)
  }

  @Test("a refused registration spends its flow: the honest credential then gets 410")
  func refusedRegistration_spendsTheFlow() async throws {
    let (server, authenticator, token) = try await registered(register: false)
    defer { server.stop() }
    let started = try await server.registrationOptions(token: token)
    let bent = try await server.finishRegistration(
      token: token, flowID: started.flowId, name: "bent",
      credential: try authenticator.register(
        started.publicKey, bend: .init(origin: "https://evil.example")))
    #expect(bent.status == 400)
    let honest = try await server.finishRegistration(
      token: token, flowID: started.flowId, name: "honest",
      credential: try authenticator.register(started.publicKey))
    #expect(honest.status == 410)
    #expect(honest.errorCode == "flow_expired")
  }

  @Test("a refused assertion spends its flow: the honest assertion then gets 410")
  func refusedAssertion_spendsTheFlow() async throws {
    let (server, authenticator, _) = try await registered()
    defer { server.stop() }
    let started = try await server.authenticationOptions()
    let bent = try await server.finishAuthentication(
      flowID: started.flowId,
      credential: try authenticator.authenticate(
        started.publicKey, bend: .init(flipSignatureBit: true)))
    #expect(bent.status == 401)
    let honest = try await server.finishAuthentication(
      flowID: started.flowId, credential: try authenticator.authenticate(started.publicKey))
    #expect(honest.status == 410)
    #expect(honest.errorCode == "flow_expired")
  }
}

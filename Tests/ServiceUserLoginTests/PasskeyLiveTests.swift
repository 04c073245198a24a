import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import SoftwarePasskeys
import Testing
import UserModel
import WebAuthn

/// Passkeys end to end: ServiceUser, KooberAuthAPI and the software authenticator (keys in a
/// real private folder) against the reference backend, which verifies every signature.
@Suite("Passkeys against KooberBackend")
struct PasskeyLiveTests {
  static let password = "Tr4il-runner-secret"

  @Test("a driver adds a passkey, renames it, signs in with it, removes it, is refused after")
  func wholeLife() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(
      SignUpCredentials(
        identifier: "dan@example.com", password: Self.password, name: "Dan", type: .driver))
    let folder = live.folder.url("device/Passkeys")
    let passkeys = SoftwareAuthenticator(folder: folder)

    let added = try await service.addPasskey(named: "  Dan's laptop ", using: passkeys)
    #expect(added.name == "Dan's laptop")
    #expect(added.lastUsedAt == nil)
    #expect(try await service.passkeys() == [added])
    let renamed = try await service.renamePasskey(id: added.id, to: "Dan's desk")
    #expect(renamed.id == added.id && renamed.name == "Dan's desk")
    #expect(try await service.passkeys().map(\.name) == ["Dan's desk"])

    // The key stays on this device, in the private folder.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count == 1)
    #expect(try mode(of: folder.path) == 0o700)
    #expect(try mode(of: folder.appendingPathComponent(files[0]).path) == 0o600)

    _ = await service.signOut()
    let session = try await service.signIn(withPasskeyFrom: passkeys)
    // A driver lands without a one-time code: a passkey is phishing-resistant.
    #expect(session.user.type == .driver)
    #expect(session.user.email == "dan@example.com")
    #expect(await service.currentSession == session)
    #expect(await service.lastSignedInIdentifier() == "dan@example.com")
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() == session)
    #expect(try await service.passkeys().first?.lastUsedAt != nil)

    // A second sign-in with the same key: the counter grew, so the server takes it.
    _ = await service.signOut()
    _ = try await service.signIn(withPasskeyFrom: passkeys)

    try await service.removePasskey(id: added.id)
    #expect(try await service.passkeys() == [])
    await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
      try await service.removePasskey(id: added.id)
    }
    _ = await service.signOut()
    await #expect(throws: AuthFailure.refused(.invalidPasskey)) {
      _ = try await service.signIn(withPasskeyFrom: passkeys)
    }
    #expect(await service.currentSession == nil)
  }

  @Test("a sign-in over 10 minutes old is asked for a fresh one, typed; after one, the add works")
  func reauthenticationRequired() async throws {
    let live = try LiveHarness(accessLifetime: 3_600)
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: Self.password, name: "Ann", type: .passenger))
    let passkeys = SoftwareAuthenticator.inMemory()
    live.serverClock.advance(by: 601)
    await #expect(throws: AuthFailure.refused(.reauthenticationRequired)) {
      _ = try await service.addPasskey(named: "Ann's phone", using: passkeys)
    }
    // Refused before the authenticator was asked: no key was made for nothing.
    #expect(try await passkeys.hasPasskey(for: "localhost") == false)
    // The session itself is not ended by it.
    #expect(await service.currentSession != nil)

    _ = try await service.signIn(identifier: "ann@example.com", password: Self.password)
    let added = try await service.addPasskey(named: "Ann's phone", using: passkeys)
    #expect(try await service.passkeys() == [added])
    // The same device again: the server excludes its passkey, the authenticator refuses.
    await #expect(throws: AuthFailure.refused(.passkeyExists)) {
      _ = try await service.addPasskey(named: "Ann's phone again", using: passkeys)
    }
  }

  @Test("KooberAuthAPI: a flow used twice is flow_expired; another user's id is not_found")
  func adapterRefusals() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let ann = try await service.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: Self.password, name: "Ann", type: .passenger))
    let api = KooberAuthAPI(network: NetworkClient(baseURL: live.backend.baseURL))
    let passkeys = SoftwareAuthenticator.inMemory()
    let flow = try await api.passkeyRegistrationOptions(accessToken: ann.accessToken)
    #expect(flow.options.rp.id == "localhost")
    #expect(flow.options.user.id.bytes.count == 32)
    let credential = try await passkeys.register(flow.options)
    let added = try await api.finishPasskeyRegistration(
      flowID: flow.flowID, name: "Ann's phone", credential: credential,
      accessToken: ann.accessToken)
    await #expect(throws: AuthFailure.refused(.flowExpired)) {
      _ = try await api.finishPasskeyRegistration(
        flowID: flow.flowID, name: "Ann's phone", credential: credential,
        accessToken: ann.accessToken)
    }

    let ben = try await live.makeService("other").signUp(
      SignUpCredentials(
        identifier: "ben@example.com", password: Self.password, name: "Ben", type: .passenger))
    await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
      _ = try await api.renamePasskey(id: added.id, name: "Mine now", accessToken: ben.accessToken)
    }
    // An id that is not base64url never reaches a path.
    let before = live.backend.requests.all
    await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
      _ = try await api.renamePasskey(id: "../../users/me", name: "x", accessToken: ann.accessToken)
    }
    #expect(live.backend.requests.all == before)
    // The same assertion twice: the second flow's challenge is not the one it signed.
    let signIn = try await api.passkeyAuthenticationOptions()
    let assertion = try await passkeys.authenticate(signIn.options)
    _ = try await api.finishPasskeySignIn(flowID: signIn.flowID, credential: assertion)
    let again = try await api.passkeyAuthenticationOptions()
    await #expect(throws: AuthFailure.refused(.invalidPasskey)) {
      _ = try await api.finishPasskeySignIn(flowID: again.flowID, credential: assertion)
    }
  }

  private func mode(of path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return ((attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0) & 0o777
  }
}

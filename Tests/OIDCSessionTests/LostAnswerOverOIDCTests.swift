import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import OIDCProviderHarness
import ServiceUser
import ServiceUserLogin
import ServiceUserOIDC
import TestSupport
import Testing
import UserModel

/// Issue 32's lost answer against django-oauth-toolkit: a proxy in front of the provider
/// forwards the refresh (`POST /o/token/`) and loses the answer; ServiceUser sends it once
/// more, and the provider's grace period gives the same pair again. The grace period here is
/// two minutes, so that a retry delayed by a loaded machine still falls inside it.
@Suite(
  "A renewal survives a lost answer, over an OpenID Connect provider",
  .enabled(
    if: ProviderAvailability.current.runs,
    Comment(rawValue: ProviderAvailability.current.comment)),
  .sharedProviders, .serialized)
struct LostAnswerOverOIDCTests {
  @Test("the provider's answer lost once: one more refresh, the same pair, the session lives")
  func lostOnceRetriedOnce() async throws {
    let folder = try TemporaryDirectory(prefix: "oidc-lost-answer")
    defer { folder.remove() }
    // A lifetime and grace period no other suite uses: this provider's request counts are
    // this test's alone.
    let provider = try await SharedProviders.shared.provider(
      accessSeconds: 303, refreshGraceSeconds: 120)
    let port = try #require(provider.issuer.port)
    let proxy = try AnswerDroppingProxy(forwardingTo: UInt16(port))
    defer { proxy.stop() }
    // The provider names its endpoints and its issuer after the Host it was asked under:
    // the proxy's, so every request of the adapter goes through the proxy.
    let issuer = proxy.baseURL.appendingPathComponent("o")
    let configuration = try OIDCConfiguration(
      issuer: issuer, clientID: "koober-public", defaultUserType: .passenger,
      revocationEndpoint: issuer.appendingPathComponent("revoke_token/"),
      userTypeClaim: "koober_type",
      // A full parallel run keeps the provider (Python, hashing a password) busy for longer
      // than the default limit; what is under test is the lost answer, not the provider's speed.
      timeout: .seconds(180))
    let time = ManualTime(Date())
    let remote = OIDCAuthAPI(configuration: configuration, now: time.read)
    let store = FileSessionStore(directory: folder.url("Session"))
    let service = ServiceUser(
      remote: remote, network: NetworkClient(baseURL: issuer),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store, now: time.read)
    guard
      case .signedIn(let first) = try await service.signIn(
        identifier: "ann@example.com", password: "Pass1234")
    else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
    let before = try await provider.tokenRequests()["refresh_token"] ?? 0

    proxy.dropAnswers(1, to: "POST /o/token/")
    time.advance(by: 302)
    let user = try await service.authorized { token throws(AuthFailure) in
      try await remote.currentUser(accessToken: token)
    }
    #expect(user == first.user)
    #expect(proxy.dropped == 1)
    #expect(try await provider.tokenRequests()["refresh_token"] == before + 2)
    let renewed = try #require(await service.currentSession)
    #expect(renewed.refreshToken != first.refreshToken)
    #expect(try store.load() == renewed)
    // The family lives: its new refresh token renews once more.
    let next = try await remote.refresh(renewed)
    #expect(try await remote.currentUser(accessToken: next.accessToken) == first.user)
  }
}

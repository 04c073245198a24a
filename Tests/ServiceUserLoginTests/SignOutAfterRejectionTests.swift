import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// Sign-out against KooberBackend when the server no longer takes the access token although
/// this device's clock says it is good (the server's clock ran ahead): the refresh token is
/// revoked by itself (`POST /v1/auth/revoke`), and `.signedOut` is said only on the server's
/// word.
@Suite("Sign-out after the server stopped taking the access token")
struct SignOutAfterRejectionTests {
  static let password = "Tr4il-runner-secret"

  @Test("the access token expired at the server: the refresh token is revoked, not spent")
  func expiredAtServer() async throws {
    let live = try LiveHarness(accessLifetime: 60, sharedClock: false)
    defer { live.tearDown() }
    let service = live.makeService()
    let session = try await service.signUp(
      SignUpCredentials(
        identifier: "cy@example.com", password: Self.password, name: nil, type: .passenger))
    live.serverClock.advance(by: 120)

    #expect(await service.signOut() == .signedOut)
    #expect(live.backend.requests.count("POST", "/v1/auth/sign-out") == 1)
    #expect(live.backend.requests.count("POST", "/v1/auth/revoke") == 1)
    #expect(live.backend.requests.count("POST", "/v1/auth/refresh") == 0)
    // The old refresh token no longer renews anything: 401.
    let refreshToken = try #require(session.refreshToken)
    #expect(try await !NoLiveSessionLeftTests.isLive(refreshToken, at: live))
    #expect(await service.currentSession == nil)
  }

  @Test("a backend that cannot be reached: signed out on this device only")
  func unreachable() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(
      SignUpCredentials(
        identifier: "di@example.com", password: Self.password, name: nil, type: .passenger))
    live.backend.stop()

    #expect(await service.signOut() == .signedOutLocally)
    #expect(await service.currentSession == nil)
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() == nil)
  }
}

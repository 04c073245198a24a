import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import TestSupport
import Testing
import UserModel

/// A provider whose launch check answers for another account, and which, like Acme's
/// server, no longer takes the stored session's access token for a sign-out, but revokes a
/// refresh token by itself.
private final class OtherAccountRevokingByRefreshAPI: AuthRemoteAPI, Sendable {
  let revokedRefreshTokens = Locked<[String]>([])

  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    throw .unsupported(.signIn)
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.refresh)
  }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    User(id: "someone-else", identifier: "mallory", name: nil, type: .passenger)
  }
  func signOut(_ session: UserSession) async throws(AuthFailure) {
    throw .refused(.accessTokenRejected)
  }
  func revoke(refreshToken: String) async throws(AuthFailure) {
    revokedRefreshTokens.withLock { $0.append(refreshToken) }
  }
}

/// A session a new sign-in replaces, or one the launch check finds signed in as another
/// account, is revoked by its refresh token when the server no longer takes its access token.
@Suite("A replaced session is revoked after its access token expired")
struct ReplacedSessionAfterExpiryTests {
  static let password = "Tr4il-runner-secret"

  @Test("against KooberBackend: a sign-in over an expired session revokes its refresh token")
  func signInOverExpiredSession() async throws {
    // The server's clock runs ahead: the device still takes the access token for good.
    let live = try LiveHarness(accessLifetime: 60, sharedClock: false)
    defer { live.tearDown() }
    let service = live.makeService()
    let first = try await service.signUp(
      SignUpCredentials(
        identifier: "cy@example.com", password: Self.password, name: nil, type: .passenger))
    live.serverClock.advance(by: 120)

    // Another process signs in over the stored session, as the same person.
    let other = live.makeService()
    _ = try await other.signIn(identifier: "cy@example.com", password: Self.password)
    #expect(live.backend.requests.count("POST", "/v1/auth/revoke") == 1)
    #expect(live.refreshCount == 0)
    #expect(try await !NoLiveSessionLeftTests.isLive(try #require(first.refreshToken), at: live))
    #expect(await other.currentSession != nil)

    // The same process signs the same person in again over the current session (another
    // person would be kept beside it, as a second account).
    live.serverClock.advance(by: 120)
    let second = try #require(await other.currentSession)
    _ = try await other.signIn(identifier: "cy@example.com", password: Self.password)
    #expect(live.backend.requests.count("POST", "/v1/auth/revoke") == 2)
    #expect(try await !NoLiveSessionLeftTests.isLive(try #require(second.refreshToken), at: live))
  }

  @Test("a launch check that meets another account revokes the refresh token it cannot sign out")
  func accountChangedRevokesRefreshToken() async throws {
    let folder = try TemporaryDirectory(prefix: "account-changed-revoke")
    defer { folder.remove() }
    let store = InMemorySessionStore(Fixtures.session())
    let remote = OtherAccountRevokingByRefreshAPI()
    let service = ServiceUser(
      remote: remote, network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
      now: { Fixtures.start })
    #expect(await service.restoreSession() == .accountChanged)
    #expect(remote.revokedRefreshTokens.value == ["refresh-1"])
    #expect(try store.load() == nil)
  }
}

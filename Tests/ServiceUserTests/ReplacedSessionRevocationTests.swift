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

/// A session a new sign-in replaces is revoked by the same rule as a sign-out: when the
/// server no longer takes its access token, its refresh token is revoked by itself. It is
/// never renewed for that, and a failed revocation never fails the sign-in.
@Suite("A replaced session is revoked whatever became of its access token")
struct ReplacedSessionRevocationTests {
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .passenger)
  static let bob = User(
    id: "u-bob", identifier: "bob@example.com", email: "bob@example.com", name: "Bob",
    type: .passenger)

  struct World {
    let folder: TemporaryDirectory
    let time = ManualTime()
    let remote: FakeAuthRemoteAPI
    let service: ServiceUser

    /// A service over the fake with a real `FileSessionStore`: the sign-in records (and
    /// revokes what it replaces) inside the store's lock, which a second turn would deadlock.
    init(revokesByRefreshToken: Bool) throws {
      folder = try TemporaryDirectory(prefix: "replaced-session-revocation")
      remote = FakeAuthRemoteAPI(
        accessLifetime: 600, revokesByRefreshToken: revokesByRefreshToken, now: time.read)
      remote.addAccount(ReplacedSessionRevocationTests.ann, password: "Pass1234")
      remote.addAccount(ReplacedSessionRevocationTests.bob, password: "Pass5678")
      let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!, retryPolicy: .none)
      service = ServiceUser(
        remote: remote, network: client, accountDatabaseURL: folder.url("accounts.sqlite"),
        sessionStore: OneAccountFileStore(directory: folder.url("Session")), now: time.read)
    }

    func signIn(_ user: User, _ password: String) async throws -> UserSession {
      guard
        case .signedIn(let session) = try await service.signIn(
          identifier: user.identifier, password: password)
      else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
      return session
    }
  }

  @Test("signing in as someone else after the access token expired revokes the refresh token")
  func otherUserAfterExpiry() async throws {
    let world = try World(revokesByRefreshToken: true)
    defer { world.folder.remove() }
    let replaced = try await world.signIn(Self.ann, "Pass1234")
    world.time.advance(by: 601)

    let session = try await world.signIn(Self.bob, "Pass5678")
    #expect(!world.remote.hasLiveTokens(of: Self.ann.id))
    #expect(
      world.remote.calls == [
        .signIn("ann@example.com"), .signIn("bob@example.com"), .signOut(replaced.accessToken),
        .revokeRefreshToken(try #require(replaced.refreshToken)),
      ])
    #expect(await world.service.currentSession == session)
  }

  @Test("signing in as the same user again after expiry leaves the old refresh token dead")
  func sameUserAfterExpiry() async throws {
    let world = try World(revokesByRefreshToken: true)
    defer { world.folder.remove() }
    let replaced = try await world.signIn(Self.ann, "Pass1234")
    world.time.advance(by: 601)

    _ = try await world.signIn(Self.ann, "Pass1234")
    #expect(world.remote.calls.contains(.revokeRefreshToken(try #require(replaced.refreshToken))))
    // The new session's tokens are live and revoked by this sign-out: whatever is left now
    // was the replaced session's.
    #expect(await world.service.signOut() == .signedOut)
    #expect(!world.remote.hasLiveTokens(of: Self.ann.id))
  }

  @Test("an access-token-only server: the replaced session is never renewed to be revoked")
  func accessTokenOnlyServerIsNotRenewed() async throws {
    let world = try World(revokesByRefreshToken: false)
    defer { world.folder.remove() }
    let replaced = try await world.signIn(Self.ann, "Pass1234")
    world.time.advance(by: 601)

    let session = try await world.signIn(Self.bob, "Pass5678")
    #expect(await world.service.currentSession == session)
    // Nothing can revoke it without spending its refresh token: that token lapses on its own,
    // as the documentation says.
    #expect(
      world.remote.calls == [
        .signIn("ann@example.com"), .signIn("bob@example.com"), .signOut(replaced.accessToken),
      ])
    #expect(world.remote.hasLiveTokens(of: Self.ann.id))
  }

  @Test("a revocation that fails, either way, never fails the new sign-in")
  func failedRevocationKeepsTheSignIn() async throws {
    let world = try World(revokesByRefreshToken: true)
    defer { world.folder.remove() }
    _ = try await world.signIn(Self.ann, "Pass1234")
    world.time.advance(by: 601)
    // The access token is refused, then the revocation by refresh token (which the fake
    // counts as `.signOut`) cannot reach the server.
    world.remote.fail(.signOut, with: .refused(.accessTokenRejected))
    world.remote.fail(.signOut, with: .unavailable(.offline))

    let session = try await world.signIn(Self.bob, "Pass5678")
    #expect(world.remote.calls.count == 4)
    #expect(await world.service.currentSession == session)
    #expect(try FileSessionStore(directory: world.folder.url("Session")).load() == session)
  }
}

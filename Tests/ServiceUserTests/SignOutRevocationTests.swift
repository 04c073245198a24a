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

/// Sign-out revokes what can still be revoked, whatever became of the access token, and
/// reports `.signedOut` only on the server's word. `FakeAuthRemoteAPI` keeps a refresh token
/// live until it is spent or revoked, and by default revokes only by access token, like
/// Acme's server: `hasLiveTokens(of:)` shows what a sign-out left behind.
@Suite("Sign-out revokes what can still be revoked")
struct SignOutRevocationTests {
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .passenger)

  struct World {
    let folder: TemporaryDirectory
    let time = ManualTime()
    let remote: FakeAuthRemoteAPI
    let service: ServiceUser
    let sessionFolder: URL

    /// A service over the fake, with a real `FileSessionStore`: the sign-out's renewal runs
    /// between two turns of its lock, which a second turn inside the first would deadlock.
    init(revokesByRefreshToken: Bool = false) throws {
      folder = try TemporaryDirectory(prefix: "sign-out-revocation")
      remote = FakeAuthRemoteAPI(
        accessLifetime: 600, revokesByRefreshToken: revokesByRefreshToken, now: time.read)
      remote.addAccount(SignOutRevocationTests.ann, password: "Pass1234")
      sessionFolder = folder.url("Session")
      let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!, retryPolicy: .none)
      service = ServiceUser(
        remote: remote, network: client, accountDatabaseURL: folder.url("accounts.sqlite"),
        sessionStore: FileSessionStore(directory: sessionFolder), now: time.read)
    }

    func signedIn() async throws -> UserSession {
      guard
        case .signedIn(let session) = try await service.signIn(
          identifier: "ann@example.com", password: "Pass1234")
      else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
      return session
    }

    var stored: UserSession? { try? FileSessionStore(directory: sessionFolder).load() }
  }

  @Test("after the access token expired, an access-token-only server: renewed once, revoked")
  func expiredAccessTokenRenewsThenRevokes() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    let session = try await world.signedIn()
    world.time.advance(by: 601)

    #expect(await world.service.signOut() == .signedOut)
    #expect(!world.remote.hasLiveTokens(of: Self.ann.id))
    #expect(
      world.remote.calls == [
        .signIn("ann@example.com"), .signOut(session.accessToken),
        .refresh(try #require(session.refreshToken)), .signOut("access-2"),
      ])
    #expect(world.stored == nil)
    #expect(await world.service.currentSession == nil)
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.userAction)])
  }

  @Test("a rejected access token and a server that revokes by refresh token: nothing spent")
  func rejectedAccessTokenRevokesRefreshToken() async throws {
    let world = try World(revokesByRefreshToken: true)
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    // A key change at the server: the token is not expired on this device's clock.
    world.remote.rejectAccessTokens()

    #expect(await world.service.signOut() == .signedOut)
    #expect(!world.remote.hasLiveTokens(of: Self.ann.id))
    let refreshToken = try #require(session.refreshToken)
    #expect(
      world.remote.calls == [
        .signIn("ann@example.com"), .signOut(session.accessToken),
        .revokeRefreshToken(refreshToken),
      ])
  }

  @Test("a server that cannot be reached: signed out on this device only, never .signedOut")
  func unreachableServerIsDeviceOnly() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.remote.fail(.signOut, with: .unavailable(.offline))
    #expect(await world.service.signOut() == .signedOutLocally)
    #expect(world.stored == nil)
    #expect(await world.service.currentSession == nil)
  }

  @Test("the renewal a sign-out needs cannot reach the server: device only, and says so")
  func unreachableRenewalIsDeviceOnly() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    _ = try await world.signedIn()
    world.time.advance(by: 601)
    // Twice: a renewal that gets no answer sends the refresh once more.
    world.remote.fail(.refresh, with: .unavailable(.offline), times: 2)

    #expect(await world.service.signOut() == .signedOutLocally)
    // Not confirmed, and indeed the refresh token lives on at the server.
    #expect(world.remote.hasLiveTokens(of: Self.ann.id))
    #expect(world.stored == nil)
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.userAction)])
  }

  @Test("a refresh token the server refuses during sign-out: signed out, as the person asked")
  func refusedRenewalIsSignedOut() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    _ = try await world.signedIn()
    world.time.advance(by: 601)
    world.remote.revokeSessions(of: Self.ann.id)

    #expect(await world.service.signOut() == .signedOut)
    #expect(world.stored == nil)
    // The renewal's refusal ended the session as this sign-out, not as a revocation.
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.userAction)])
  }

  @Test("a fresh access token rejected too, or a refusal about something else: not confirmed")
  func unconfirmedRefusals() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.remote.fail(.signOut, with: .refused(.accessTokenRejected), times: 2)
    #expect(await world.service.signOut() == .signedOutLocally)
    #expect(world.remote.calls.filter { if case .refresh = $0 { true } else { false } }.count == 1)

    _ = try await world.signedIn()
    world.remote.fail(.signOut, with: .refused(.tooManyAttempts))
    #expect(await world.service.signOut() == .signedOutLocally)

    _ = try await world.signedIn()
    world.remote.fail(.signOut, with: .refused(.sessionEnded))
    #expect(await world.service.signOut() == .signedOut)
  }
}

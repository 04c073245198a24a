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

/// `.signedOut` is the server's word, never this device's judgement (its clock, a session
/// that ended meanwhile); a session that ends without the person asking is revoked once it
/// is no longer current and outside the store's lock; a refresh token's revocation ends its
/// access tokens too; a copy another process renewed is revoked as well.
@Suite("Sign-out reports the server's word, and revokes outside the store's lock")
struct SignOutServerWordTests {
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .passenger)
  static let bob = User(
    id: "u-bob", identifier: "bob@example.com", email: "bob@example.com", name: "Bob",
    type: .passenger)

  struct World {
    let folder: TemporaryDirectory
    /// The server's clock.
    let serverTime = ManualTime()
    /// This device's clock, which may run ahead of the server's.
    let deviceTime = ManualTime()
    let fake: FakeAuthRemoteAPI
    let remote: HookedRemote
    let service: ServiceUser
    let sessionFolder: URL

    init(revokesByRefreshToken: Bool = false) throws {
      folder = try TemporaryDirectory(prefix: "sign-out-server-word")
      fake = FakeAuthRemoteAPI(
        accessLifetime: 600, revokesByRefreshToken: revokesByRefreshToken, now: serverTime.read)
      fake.addAccount(SignOutServerWordTests.ann, password: "Pass1234")
      fake.addAccount(SignOutServerWordTests.bob, password: "Pass5678")
      remote = HookedRemote(fake)
      sessionFolder = folder.url("Session")
      service = Self.makeService(remote, folder, sessionFolder, deviceTime)
    }

    /// Another process sharing the session store: a service of its own over the same server.
    func makeService() -> ServiceUser {
      Self.makeService(remote, folder, sessionFolder, deviceTime)
    }

    private static func makeService(
      _ remote: HookedRemote, _ folder: TemporaryDirectory, _ sessionFolder: URL,
      _ deviceTime: ManualTime
    ) -> ServiceUser {
      let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:9")!, retryPolicy: .none)
      return ServiceUser(
        remote: remote, network: client,
        accountDatabaseURL: folder.url("accounts-\(UUID().uuidString).sqlite"),
        sessionStore: OneAccountFileStore(directory: sessionFolder), now: deviceTime.read)
    }

    func signIn(_ user: User, _ password: String, on service: ServiceUser? = nil) async throws
      -> UserSession
    {
      guard
        case .signedIn(let session) = try await (service ?? self.service).signIn(
          identifier: user.identifier, password: password)
      else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
      return session
    }

    var stored: UserSession? { try? FileSessionStore(directory: sessionFolder).load() }
  }

  // MARK: - Finding 1: the server's word, not this device's

  @Test("a refresh token expired only on this device's clock is never reported revoked")
  func deviceClockAheadIsNotTheServersWord() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signIn(Self.ann, "Pass1234")
    // This device's clock runs 31 days ahead; at the server the refresh token is live.
    world.deviceTime.advance(by: 31 * 24 * 3_600)
    world.fake.rejectAccessTokens()

    let outcome = await world.service.signOut()
    #expect(world.fake.hasLiveTokens(of: Self.ann.id))
    #expect(outcome == .signedOutLocally)
    #expect(world.stored == nil)
  }

  @Test("with the same clocks, a server revoking by refresh token confirms it: .signedOut")
  func deviceClockAheadWithRevocation() async throws {
    let world = try World(revokesByRefreshToken: true)
    defer { world.folder.remove() }
    let session = try await world.signIn(Self.ann, "Pass1234")
    world.deviceTime.advance(by: 31 * 24 * 3_600)
    world.fake.rejectAccessTokens()

    #expect(await world.service.signOut() == .signedOut)
    #expect(world.fake.calls.contains(.revokeRefreshToken(try #require(session.refreshToken))))
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
  }

  @Test("a session that ended meanwhile, with its refresh token live: not .signedOut")
  func endedMeanwhileIsNotTheServersWord() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signIn(Self.ann, "Pass1234")
    world.fake.rejectAccessTokens()
    // While the server is asked, another request of this process ends the session.
    let service = world.service
    await world.remote.hooks.onSignOut { _ in _ = await service.endSession(.revoked) }

    let outcome = await world.service.signOut()
    #expect(world.fake.hasLiveTokens(of: Self.ann.id))
    #expect(outcome == .signedOutLocally)
  }

  // MARK: - Finding 6: the copy another process renewed

  @Test("a copy another process renewed, its access token rejected too, is renewed and revoked")
  func adoptedCopyIsRevokedToo() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let first = try await world.signIn(Self.ann, "Pass1234")
    let other = world.makeService()
    guard case .signedIn = await other.restoreSession() else {
      Issue.record("the other process did not take the stored session")
      return
    }
    // The other process renews: the store holds its copy, this process still the first.
    world.serverTime.advance(by: 601)
    world.deviceTime.advance(by: 601)
    _ = try await other.authorized { token throws(AuthFailure) in token }
    let renewed = try #require(world.stored)
    #expect(renewed.refreshToken != first.refreshToken)
    // A key change at the server: no access token is taken.
    world.fake.rejectAccessTokens()

    #expect(await world.service.signOut() == .signedOut)
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
    // The adopted copy's refresh token was spent here once, for a token that signed out.
    #expect(world.fake.calls.contains(.refresh(try #require(renewed.refreshToken))))
  }

  // MARK: - Finding 2: revoked outside the store's lock

  @Test("a replaced session is revoked after the store's lock is released")
  func replacedSessionIsRevokedOutsideTheLock() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let replaced = try await world.signIn(Self.ann, "Pass1234")
    let probe = LockProbe(folder: world.sessionFolder)
    let seen = Seen()
    let service = world.service
    await world.remote.hooks.onSignOut { token in
      let free = await probe.isFree()
      await seen.record(token, lockFree: free, current: await service.currentSession)
    }

    let session = try await world.signIn(Self.bob, "Pass5678")
    let observed = try #require(await seen.first)
    #expect(observed.token == replaced.accessToken)
    #expect(observed.lockFree)
    #expect(observed.current == session)
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
  }

  @Test("another process renewing the replaced session after the write spends nothing")
  func replacedSessionIsNotRenewedElsewhere() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let other = world.makeService()
    let replaced = try await world.signIn(Self.ann, "Pass1234", on: other)
    // Ann's access token is about to expire: the other process renews at its next request.
    world.serverTime.advance(by: 590)
    world.deviceTime.advance(by: 590)
    let renewal = Seen()
    await world.remote.hooks.onSignOut { _ in
      // Between this process's write and its revocation, the other process asks for a token.
      let task = Task { () -> Bool in
        _ = try? await other.authorized { token throws(AuthFailure) in token }
        return true
      }
      await renewal.record("", lockFree: await finished(task), current: nil)
    }

    let session = try await world.signIn(Self.bob, "Pass5678")
    // The renewal was not held up by a lock, and found Bob's sign-in in the store: it ended
    // Ann's session without spending her refresh token, and left Bob's stored.
    #expect(await renewal.first?.lockFree == true)
    #expect(!world.fake.calls.contains(.refresh(try #require(replaced.refreshToken))))
    #expect(await other.currentSession == nil)
    #expect(world.stored == session)
    #expect(!world.fake.hasLiveTokens(of: Self.ann.id))
  }

  // MARK: - Finding 3: the launch check ends another account's session first

  @Test("a launch check meeting another account ends the session before revoking it")
  func accountChangedEndsFirst() async throws {
    let world = try World()
    defer { world.folder.remove() }
    // A stored session that says Ann, with Bob's tokens.
    guard case .signedIn(let bobs) = try await world.fake.signIn(
      SignInCredentials(identifier: "bob@example.com", password: "Pass5678"))
    else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
    var stored = bobs
    stored.user = Self.ann
    try FileSessionStore(directory: world.sessionFolder).save(stored)
    let seen = Seen()
    let service = world.service
    await world.remote.hooks.onSignOut { token in
      await seen.record(token, lockFree: true, current: await service.currentSession)
    }

    #expect(await world.service.restoreSession() == .accountChanged)
    let observed = try #require(await seen.first)
    #expect(observed.token == bobs.accessToken)
    #expect(observed.current == nil)
    #expect(!world.fake.hasLiveTokens(of: Self.bob.id))
  }

  // MARK: - Finding 5: RFC 7009 §2.1 in the fake

  @Test("the fake's revocation of a refresh token ends the access tokens issued with it")
  func fakeRevocationEndsTheFamily() async throws {
    let time = ManualTime()
    let fake = FakeAuthRemoteAPI(revokesByRefreshToken: true, now: time.read)
    fake.addAccount(Self.ann, password: "Pass1234")
    fake.addAccount(Self.bob, password: "Pass5678")
    guard case .signedIn(let first) = try await fake.signIn(
      SignInCredentials(identifier: "ann@example.com", password: "Pass1234")),
      case .signedIn(let bobs) = try await fake.signIn(
        SignInCredentials(identifier: "bob@example.com", password: "Pass5678"))
    else { throw AuthFailure.unavailable(.serverTrouble("expected sessions")) }
    let renewed = try await fake.refresh(first)

    // The spent first refresh token names the family: both of Ann's access tokens end.
    try await fake.revoke(refreshToken: try #require(first.refreshToken))
    for token in [first.accessToken, renewed.accessToken] {
      await #expect(throws: AuthFailure.refused(.accessTokenRejected)) {
        _ = try await fake.currentUser(accessToken: token)
      }
    }
    #expect(!fake.hasLiveTokens(of: Self.ann.id))
    // Another sign-in's tokens are not of that family.
    #expect(try await fake.currentUser(accessToken: bobs.accessToken) == Self.bob)
  }
}

/// The fake behind `AuthRemoteAPI`, running a test's hook as each sign-out begins.
final class HookedRemote: AuthRemoteAPI {
  let fake: FakeAuthRemoteAPI
  let hooks = Hooks()

  init(_ fake: FakeAuthRemoteAPI) { self.fake = fake }

  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    try await fake.signIn(credentials)
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    try await fake.refresh(session)
  }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    try await fake.currentUser(accessToken: accessToken)
  }
  func signOut(_ session: UserSession) async throws(AuthFailure) {
    await hooks.runSignOut(session.accessToken)
    try await fake.signOut(session)
  }
  func revoke(refreshToken: String) async throws(AuthFailure) {
    try await fake.revoke(refreshToken: refreshToken)
  }

  /// The hook, run once.
  actor Hooks {
    private var signOutHook: (@Sendable (String) async -> Void)?

    func onSignOut(_ hook: @escaping @Sendable (String) async -> Void) { signOutHook = hook }

    func runSignOut(_ accessToken: String) async {
      let hook = signOutHook
      signOutHook = nil
      await hook?(accessToken)
    }
  }
}

/// What a hook saw.
actor Seen {
  struct Observation {
    let token: String
    let lockFree: Bool
    let current: UserSession?
  }

  private(set) var all: [Observation] = []
  var first: Observation? { all.first }

  func record(_ token: String, lockFree: Bool, current: UserSession?) {
    all.append(Observation(token: token, lockFree: lockFree, current: current))
  }
}

/// Whether the session store's lock can be taken now, asked without ever waiting on it for
/// good: a probe inside a turn of the same lock would wait for itself.
struct LockProbe {
  let folder: URL

  func isFree() async -> Bool {
    let store = FileSessionStore(directory: folder)
    let task = Task { () -> Bool in (try? await store.exclusively { true }) ?? false }
    return await finished(task)
  }
}

/// Whether `task` finished with `true` within `bound`; it is left running otherwise.
///
/// A task waiting for a lock its caller holds never finishes while the caller waits here,
/// so only that ends the wait at the bound: the bound is not a speed claim. It is long
/// because the whole suite runs in parallel on two cooperative threads, where every hop of
/// a task that is not blocked at all can wait seconds for its turn (three seconds were
/// once not enough for a free lock, and a full CI run once took over 30).
func finished(_ task: Task<Bool, Never>, within bound: Duration = .seconds(120)) async -> Bool {
  let done = Seen()
  Task {
    let value = await task.value
    await done.record("", lockFree: value, current: nil)
  }
  let clock = ContinuousClock()
  let deadline = clock.now + bound
  while clock.now < deadline {
    if let first = await done.first { return first.lockFree }
    try? await Task.sleep(for: .milliseconds(20))
  }
  return await done.first?.lockFree ?? false
}

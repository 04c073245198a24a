import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import TestSupport
import Testing
import UserModel

/// The session core (`SessionState`) and the account directory fail with `AuthFailure`,
/// typed, from the store and the adapter to the caller: no cast recovers the type, and no
/// failure is renamed on its way up. `failure(of:)` takes a `throws(AuthFailure)` closure, so
/// each call below compiles only while the call it wraps throws `AuthFailure` typed.
@Suite("The session core fails with AuthFailure, typed, from the store to the caller")
struct SessionCoreFailureTests {
  typealias World = RemoteSeamTests.World

  /// Whether the store's lock is refused, as a lock file that cannot be opened is.
  final class LockRefusal: @unchecked Sendable {
    // @unchecked: `refusing` is read and written under `lock` only.
    private let lock = NSLock()
    private var refusing = false
    static let failure = AuthFailure.unavailable(.storage("the lock is held (test)"))

    var isOn: Bool { lock.withLock { refusing } }
    func set(_ on: Bool) { lock.withLock { refusing = on } }
  }

  /// A store in memory whose lock can be refused.
  struct LockRefusingStore: SessionStore {
    let inner: InMemorySessionStore
    let refusal: LockRefusal

    func load() throws(AuthFailure) -> UserSession? { try inner.load() }
    func save(_ session: UserSession) throws(AuthFailure) { try inner.save(session) }
    func clear() throws(AuthFailure) { try inner.clear() }

    func exclusively<T: Sendable>(
      _ body: @Sendable () async throws(AuthFailure) -> T
    ) async throws(AuthFailure) -> T {
      if refusal.isOn { throw LockRefusal.failure }
      return try await body()
    }
  }

  /// What `body` throws, caught typed; `nil` when it returns.
  static func failure<T>(of body: () async throws(AuthFailure) -> T) async -> AuthFailure? {
    do {
      _ = try await body()
      return nil
    } catch {
      return error
    }
  }

  @Test("with no session, every way to a token throws .refused(.sessionEnded)")
  func noSession() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let state = world.service.state
    #expect(await Self.failure(of: state.accessToken) == .refused(.sessionEnded))
    #expect(await Self.failure(of: state.renew) == .refused(.sessionEnded))
    let renewal = { () async throws(AuthFailure) in
      try await state.renewAccessToken(after: "access-1")
    }
    #expect(await Self.failure(of: renewal) == .refused(.sessionEnded))
  }

  @Test("a renewal's failure is the adapter's own and keeps the session; a refusal ends it")
  func renewalFailures() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    let state = world.service.state
    world.time.advance(by: 600)
    for failure in [
      AuthFailure.unavailable(.timeout), .refused(.signInCancelled),
      .unavailable(.busy(retryAfterSeconds: 4)),
    ] {
      // A timeout got no answer, so the renewal sends the refresh once more: it fails twice.
      world.remote.fail(.refresh, with: failure, times: failure == .unavailable(.timeout) ? 2 : 1)
      #expect(await Self.failure(of: state.accessToken) == failure)
      #expect(await world.service.currentSession == session)
    }
    world.remote.revokeSessions(of: RemoteSeamTests.ann.id)
    #expect(await Self.failure(of: state.accessToken) == .refused(.sessionEnded))
    #expect(await world.service.currentSession == nil)
  }

  @Test("a renewal whose store lock cannot be taken is unavailable, never the session's end")
  func lockFailureKeepsTheSession() async throws {
    let refusal = LockRefusal()
    let stored = InMemorySessionStore()
    let world = try World(sessionStore: LockRefusingStore(inner: stored, refusal: refusal))
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    refusal.set(true)
    await #expect(throws: LockRefusal.failure) {
      try await world.service.authorized { token throws(AuthFailure) in token }
    }
    #expect(await world.service.currentSession == session)
    // The launch check keeps it too: a storage failure is no sign-out.
    #expect(await world.service.restoreSession() == .unverified(session, LockRefusal.failure))
    #expect(stored.session == session)

    refusal.set(false)
    #expect(try await world.service.authorized { token throws(AuthFailure) in token } == "access-2")
  }

  @Test("ending a session the store cannot clear hands back the store's AuthFailure")
  func endSessionReportsTheStore() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.store.failure = .unavailable(.storage("EBUSY (test)"))
    let failure: AuthFailure? = await world.service.endSession(.userAction)
    #expect(failure == .unavailable(.storage("EBUSY (test)")))
    #expect(await world.service.currentSession == nil)
  }

  @Test("the account directory fails typed: an account never seen here is refused")
  func unknownAccount() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let service = world.service
    let open = { () async throws(AuthFailure) in try await service.userDatabase(for: "u-nobody") }
    #expect(await Self.failure(of: open) == .refused(.unknownAccount))
  }
}

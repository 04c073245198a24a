import Foundation
import Localization
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import TestSupport
import Testing
import UserModel

/// On the network path (`service.network`), NetworkClient ends the session on
/// `.authorizationUnavailable` (`onUnauthorized`), so ServiceUser throws it only when the
/// session core ended the session: a renewal refused in a way that does not end it, or a
/// store lock that cannot be taken, keeps the session there as `authorized(_:)` keeps it.
@Suite("The network path keeps the session whenever the session core keeps it")
struct NetworkPathSessionTests {
  typealias World = RemoteSeamTests.World
  typealias LockRefusingStore = SessionCoreFailureTests.LockRefusingStore
  typealias LockRefusal = SessionCoreFailureTests.LockRefusal

  /// A refusal of the renewal that does not end the session.
  static let refusal = AuthFailure.refused(.invalidInput(.password, message: "not now"))
  static let me = Endpoint(.get, "/me", requiresAuthorization: true)

  /// A server that rejects the first token (`access-1`) as RFC 6750's `invalid_token`, so a
  /// request renews after the rejection, and accepts any other.
  static func rejectingFirstToken(_ request: SentRequest) async -> FakeAnswer {
    request.authorization == "Bearer access-1"
      ? .headers(401, ["WWW-Authenticate": #"Bearer realm="x", error="invalid_token""#])
      : .json(200, "{}")
  }

  @Test("an expiring token whose renewal is refused without ending it: the session is kept")
  func refusedRenewalOfAnExpiringToken() async throws {
    let world = try World { _ in .json(200, "{}") }
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    world.remote.fail(.refresh, with: Self.refusal)
    await #expect(throws: NetworkError.unexpectedResponse(Self.refusal.message)) {
      try await world.service.network.response(for: Self.me)
    }
    #expect(await world.service.currentSession == session)
    #expect(world.store.session == session)
  }

  @Test("a rejected token whose renewal is refused without ending it: the session is kept")
  func refusedRenewalAfterRejection() async throws {
    let world = try World(Self.rejectingFirstToken)
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.remote.fail(.refresh, with: Self.refusal)
    await #expect(throws: NetworkError.unexpectedResponse(Self.refusal.message)) {
      try await world.service.network.response(for: Self.me)
    }
    #expect(await world.service.currentSession == session)
    // The same session renews on the next request, and the request goes through.
    _ = try await world.service.network.response(for: Self.me)
    #expect(await world.service.currentSession?.accessToken == "access-2")
  }

  @Test("the store's lock refused while an expiring token renews: the session is kept")
  func lockRefusedOnTheNetworkPath() async throws {
    let refusal = LockRefusal()
    let stored = InMemorySessionStore()
    let world = try World(sessionStore: LockRefusingStore(inner: stored, refusal: refusal)) {
      _ in .json(200, "{}")
    }
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    refusal.set(true)
    await #expect(throws: NetworkError.self) {
      try await world.service.network.response(for: Self.me)
    }
    #expect(await world.service.currentSession == session)
    #expect(stored.session == session)
    refusal.set(false)
    _ = try await world.service.network.response(for: Self.me)
    #expect(await world.service.currentSession?.accessToken == "access-2")
  }

  @Test("the store's lock refused while a rejected token renews: the session is kept")
  func lockRefusedAfterRejection() async throws {
    let refusal = LockRefusal()
    let stored = InMemorySessionStore()
    let world = try World(
      sessionStore: LockRefusingStore(inner: stored, refusal: refusal), Self.rejectingFirstToken)
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    refusal.set(true)
    await #expect(throws: NetworkError.self) {
      try await world.service.network.response(for: Self.me)
    }
    #expect(await world.service.currentSession == session)
    #expect(stored.session == session)
  }

  @Test("the reason of .authorizationUnavailable is the sentence in the app's language")
  func localizedReason() async throws {
    let world = try World { _ in .json(200, "{}") }
    defer { world.folder.remove() }
    await Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      await #expect(
        throws: NetworkError.authorizationUnavailable(
          reason: AuthFailure.refused(.sessionEnded).message)
      ) {
        try await world.service.network.response(for: Self.me)
      }
    }
    #expect(
      Texts.$scopedLanguage.withValue(.simplifiedChinese) {
        AuthFailure.refused(.sessionEnded).message
      } != AuthFailure.refused(.sessionEnded).description)
  }
}

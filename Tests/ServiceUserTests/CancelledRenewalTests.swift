import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import Testing
import UserModel

/// A cancelled request stays cancelled on its way through a renewal: the adapter's table
/// says `.signInCancelled`, ServiceUser hands the client `.cancelled`, and a ride reads that
/// as `.cancelled`; the session is kept.
@Suite("A cancelled renewal is cancelled, not offline or signed out")
struct CancelledRenewalTests {
  @Test("Koober's refresh, cancelled, is .signInCancelled, not server trouble")
  func kooberRefresh() async throws {
    let api = KooberAuthAPI(network: ScriptedTransport.client(.failing(.cancelled)))
    let session = UserSession(
      user: User(id: "u-1", identifier: "ann@example.com", name: "Ann", type: UserType("rider")),
      accessToken: "at", accessTokenExpiresAt: Date().addingTimeInterval(60),
      refreshToken: "rt", issuer: api.sessionIssuer)
    var failure: AuthFailure?
    do { _ = try await api.refresh(session) } catch { failure = error }
    #expect(failure == .refused(.signInCancelled))
  }

  @Test("ServiceUser hands the client .cancelled for a cancelled renewal and keeps the session")
  func serviceKeepsSession() async throws {
    let world = try RemoteSeamTests.World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    world.remote.fail(.refresh, with: .refused(.signInCancelled))
    await #expect(throws: NetworkError.cancelled) { try await world.service.accessToken() }
    #expect(await world.service.currentSession == session)
    #expect(world.store.session != nil)
  }
}

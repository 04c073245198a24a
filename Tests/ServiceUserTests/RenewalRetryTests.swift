import Foundation
import LoginCore
import LoginTesting
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// The renewal's one retry, over any adapter (here the in-memory fake): a refresh that got no
/// answer (offline, a timeout) is sent once more with the same refresh token; a refresh the
/// server answered, however it answered, is not.
@Suite("A refresh without an answer is sent once more, over any adapter")
struct RenewalRetryTests {
  typealias World = RemoteSeamTests.World

  private func refreshes(_ world: World) -> [String] {
    world.remote.calls.compactMap { if case .refresh(let token) = $0 { token } else { nil } }
  }

  @Test(
    "no answer once: one more refresh with the same token, and the session renews",
    arguments: [AuthFailure.unavailable(.offline), .unavailable(.timeout)])
  func noAnswerOnceRetries(failure: AuthFailure) async throws {
    let world = try World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    world.remote.fail(.refresh, with: failure)
    #expect(try await world.service.accessToken() == "access-2")
    let spent = try #require(session.refreshToken)
    #expect(refreshes(world) == [spent, spent])
  }

  @Test(
    "no answer twice: the failure as it is, two refreshes, the session kept",
    arguments: [AuthFailure.unavailable(.offline), .unavailable(.timeout)])
  func noAnswerTwiceKeeps(failure: AuthFailure) async throws {
    let world = try World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    world.remote.fail(.refresh, with: failure, times: 2)
    let state = world.service.state
    await #expect(throws: failure) { try await state.accessToken() }
    #expect(refreshes(world).count == 2)
    #expect(await world.service.currentSession == session)
  }

  @Test(
    "an answer decides at once: no second refresh",
    arguments: [
      AuthFailure.unavailable(.busy(retryAfterSeconds: 3)),
      .unavailable(.unexpectedAnswer(status: 502, "bad gateway")),
      .unavailable(.serverTrouble("unreadable")), .refused(.signInCancelled),
      .refused(.sessionEnded),
    ])
  func answerIsNotRetried(failure: AuthFailure) async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.time.advance(by: 600)
    world.remote.fail(.refresh, with: failure)
    let state = world.service.state
    await #expect(throws: (any Error).self) { try await state.accessToken() }
    #expect(refreshes(world).count == 1)
  }
}

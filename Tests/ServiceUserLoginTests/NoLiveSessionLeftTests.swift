import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// No live token family is left at the server: a sign-in over a session revokes the one it
/// replaces, and a sign-out with an expired access token revokes by refresh token without
/// spending it.
@Suite("No live session is left behind")
struct NoLiveSessionLeftTests {
  static let password = "Tr4il-runner-secret"

  /// Whether a refresh token still buys a session at the backend.
  static func isLive(_ refreshToken: String, at live: LiveHarness) async throws -> Bool {
    let client = NetworkClient(baseURL: live.backend.baseURL, retryPolicy: .none)
    let body = try JSONEncoder().encode(["refreshToken": refreshToken])
    let answer = try await client.anyResponse(
      for: Endpoint(.post, "/v1/auth/refresh", body: body, carriesCredentials: true))
    return answer.status == 200
  }

  @Test("signing in over a session revokes the session it replaces")
  func signInOverSession() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let first = try await service.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: Self.password, name: nil, type: .passenger))
    // Another process (a new instance) signs in over the stored session.
    let other = live.makeService()
    _ = try await other.signIn(identifier: "ann@example.com", password: Self.password)
    #expect(try await !Self.isLive(try #require(first.refreshToken), at: live))
    #expect(await other.signOut() == .signedOut)
  }

  @Test("a sign-out with an expired access token revokes by refresh token, spending none")
  func signOutAfterExpiry() async throws {
    let live = try LiveHarness(accessLifetime: 60)
    defer { live.tearDown() }
    let service = live.makeService()
    let session = try await service.signUp(
      SignUpCredentials(
        identifier: "bo@example.com", password: Self.password, name: nil, type: .passenger))
    live.serverClock.advance(by: 120)
    #expect(await service.signOut() == .signedOut)
    #expect(live.backend.requests.count("POST", "/v1/auth/refresh") == 0)
    #expect(live.backend.requests.count("POST", "/v1/auth/revoke") == 1)
    #expect(live.backend.requests.count("POST", "/v1/auth/sign-out") == 0)
    #expect(try await !Self.isLive(try #require(session.refreshToken), at: live))
  }
}

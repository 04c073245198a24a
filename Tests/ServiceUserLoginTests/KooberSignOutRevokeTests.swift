import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// KooberAuthAPI answers any `401` to its sign-out by revoking the refresh token
/// (`POST /v1/auth/revoke`, which spends nothing), and says `.signedOut` only on that `204`:
/// a `401 invalid_token` tells nothing about the refresh token.
@Suite("Koober's sign-out revokes the refresh token after any 401")
struct KooberSignOutRevokeTests {
  static let password = "Tr4il-runner-secret"

  @Test("an access token the server does not know (401 invalid_token): the refresh token dies")
  func invalidTokenRevokesRefreshToken() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let session = try await service.signUp(
      SignUpCredentials(
        identifier: "ed@example.com", password: Self.password, name: nil, type: .passenger))
    // An access token the server never issued (good on this device's clock), beside the
    // session's live refresh token.
    var unknown = session
    unknown.accessToken = "not-a-token-the-server-issued-0123456789abcdef"
    try await service.establishSession(unknown)

    #expect(await service.signOut() == .signedOut)
    #expect(live.backend.requests.count("POST", "/v1/auth/sign-out") == 1)
    #expect(live.backend.requests.count("POST", "/v1/auth/revoke") == 1)
    #expect(live.backend.requests.count("POST", "/v1/auth/refresh") == 0)
    let refreshToken = try #require(session.refreshToken)
    #expect(try await !NoLiveSessionLeftTests.isLive(refreshToken, at: live))
  }
}

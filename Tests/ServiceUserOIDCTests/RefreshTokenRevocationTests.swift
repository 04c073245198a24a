import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

/// OIDCAuthAPI offers `revoke(refreshToken:)` itself (RFC 7009 with
/// `token_type_hint=refresh_token`), so ServiceUser can revoke a session whose access token
/// the provider no longer takes without renewing it first.
@Suite("The OAuth adapter revokes a refresh token by itself")
struct RefreshTokenRevocationTests {
  @Test("revoke(refreshToken:) posts RFC 7009's form to discovery's revocation endpoint")
  func revokesAtDiscoveredEndpoint() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(
      members: [
        "issuer": "$base", "token_endpoint": "$base/token", "revocation_endpoint": "$base/revoke",
      ])
    let revoked = Recorder()
    fake.server.route(.post, "/revoke") { request in
      await revoked.record(request)
      return .noContent
    }
    let api: any AuthRemoteAPI = OIDCAuthAPI(configuration: try fake.configuration())

    try await api.revoke(refreshToken: "rt-7")

    let bodies = await revoked.all.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(bodies == ["token=rt-7&token_type_hint=refresh_token&client_id=koober-public"])
  }

  @Test("a provider without a revocation endpoint: unsupported, as the default says")
  func noEndpointIsUnsupported() async throws {
    let fake = try FakeProvider()
    let api: any AuthRemoteAPI = OIDCAuthAPI(configuration: try fake.configuration())
    await #expect(throws: AuthFailure.unsupported(.signOut)) {
      try await api.revoke(refreshToken: "rt-7")
    }
  }
}

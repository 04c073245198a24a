import Foundation
import LoginCore
import OIDCProviderHarness
import ServiceUserOIDC
import Testing
import UserModel

extension ProviderTests {
  /// Serialized: the rotation test counts the provider's refresh requests, which the other
  /// tests here would add to; the sign-in suite makes none.
  @Suite("renewal, expiry and sign-out", .serialized)
  struct Session {
    @Test("refresh rotates both tokens; the old one is spent, and reusing it ends the family")
    func refresh_rotates_andReuseEndsTheFamily() async throws {
      let (api, provider) = try await ProviderTests.api()
      let first = try await ProviderTests.signIn(ProviderTests.ann, with: api)
      let before = try await provider.tokenRequests()["refresh_token"] ?? 0

      let renewed = try await api.refresh(first)
      #expect(renewed.accessToken != first.accessToken)
      #expect(renewed.refreshToken != first.refreshToken)
      #expect(renewed.user == first.user)
      #expect(try await api.currentUser(accessToken: renewed.accessToken) == first.user)

      // Past the provider's 3-second grace period (serve.py), the spent token is reuse.
      try await Task.sleep(for: .seconds(3.5))
      #expect(await failure { try await api.refresh(first) } == .refused(.sessionEnded))
      #expect(await failure { try await api.refresh(renewed) } == .refused(.sessionEnded))
      #expect(try await provider.tokenRequests()["refresh_token"] == before + 3)
    }

    @Test("userinfo with an expired access token is rejected, and a renewal gives a good one")
    func expiredAccessToken_isRejected() async throws {
      // Five seconds: long enough for sign-in's own userinfo call on a loaded machine, short
      // enough to wait out.
      let (api, _) = try await ProviderTests.api(accessSeconds: 5)
      let session = try await ProviderTests.signIn(ProviderTests.ann, with: api)
      let wait = session.accessTokenExpiresAt.timeIntervalSinceNow + 1.5
      try await Task.sleep(for: .seconds(max(wait, 0)))

      #expect(
        await failure { try await api.currentUser(accessToken: session.accessToken) }
          == .refused(.accessTokenRejected))
      let renewed = try await api.refresh(session)
      #expect(try await api.currentUser(accessToken: renewed.accessToken) == session.user)
    }

    @Test("sign-out revokes at the provider: the refresh token no longer renews")
    func signOut_revokes() async throws {
      let (api, _) = try await ProviderTests.api(confidential: true)
      let session = try await ProviderTests.signIn(ProviderTests.dan, with: api)
      try await api.signOut(session)
      #expect(await failure { try await api.refresh(session) } == .refused(.sessionEnded))
      #expect(
        await failure { try await api.currentUser(accessToken: session.accessToken) }
          == .refused(.accessTokenRejected))
    }

    @Test("without a revocation endpoint sign-out is unsupported, and the tokens still work")
    func signOut_withoutEndpoint_isUnsupported() async throws {
      let (api, _) = try await ProviderTests.api(revocation: false)
      let session = try await ProviderTests.signIn(ProviderTests.ann, with: api)
      #expect(await failure { try await api.signOut(session) } == .unsupported(.signOut))
      _ = try await api.refresh(session)
    }
  }
}

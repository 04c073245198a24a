import Foundation
import LoginCore
import OIDCProviderHarness
import ServiceUserOIDC
import Testing
import UserModel

// In the serialized session suite: the rotation test there counts the provider's refreshes.
extension ProviderTests.Session {
  /// What a renewal whose answer was lost relies on at django-oauth-toolkit: inside its grace
  /// period (serve.py: 3 s) a spent refresh token gets the same answer again; after it, reuse.
  @Test("inside DOT's grace period a spent token gets the same pair again; after it, reuse")
  func gracePeriodGivesTheSamePair() async throws {
    let (api, _) = try await ProviderTests.api()
    let first = try await ProviderTests.signIn(ProviderTests.ann, with: api)
    // The first answer, as if lost on the way back: the client never saw it.
    let lost = try await api.refresh(first)
    let retried = try await api.refresh(first)
    #expect(retried.accessToken == lost.accessToken)
    #expect(retried.refreshToken == lost.refreshToken)
    #expect(try await api.currentUser(accessToken: retried.accessToken) == first.user)

    try await Task.sleep(for: .seconds(3.5))
    #expect(await failure { try await api.refresh(first) } == .refused(.sessionEnded))
    #expect(await failure { try await api.refresh(retried) } == .refused(.sessionEnded))
  }
}

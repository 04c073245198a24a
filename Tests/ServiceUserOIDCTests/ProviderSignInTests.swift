import Foundation
import LoginCore
import OIDCProviderHarness
import ServiceUserOIDC
import Testing
import UserModel

extension ProviderTests {
  @Suite("sign-in")
  struct SignIn {
    @Test("a passenger (no claim) signs in through a public client")
    func passenger_publicClient() async throws {
      let (api, _) = try await ProviderTests.api()
      let session = try await ProviderTests.signIn(ProviderTests.ann, with: api)
      #expect(session.user.email == "ann@example.com")
      #expect(session.user.name == "Ann")
      #expect(session.user.type == .passenger)
      #expect(!session.user.id.isEmpty)
      #expect(session.accessToken != session.refreshToken)
      #expect(session.accessTokenExpiresAt > Date().addingTimeInterval(30))
    }

    @Test("a driver by claim signs in through a confidential client")
    func driver_confidentialClient() async throws {
      let (api, _) = try await ProviderTests.api(confidential: true)
      let session = try await ProviderTests.signIn(ProviderTests.dan, with: api)
      #expect(session.user.email == "dan@example.com")
      #expect(session.user.type == .driver)
      let again = try await api.currentUser(accessToken: session.accessToken)
      #expect(again == session.user)
    }

    @Test("a wrong password is refused as invalid credentials")
    func wrongPassword_isInvalidCredentials() async throws {
      let (api, _) = try await ProviderTests.api()
      let wrong = SignInCredentials(identifier: "ann@example.com", password: "Wrong1234")
      #expect(
        await failure { try await api.signIn(wrong) } == .refused(.invalidCredentials(.username)))
    }

    @Test("a wrong client secret is server trouble naming the client")
    func wrongSecret_namesTheClient() async throws {
      let (api, _) = try await ProviderTests.api(confidential: true, secret: "not-it")
      let text = try #require(trouble(await failure { try await api.signIn(ProviderTests.dan) }))
      #expect(text.contains("client koober-confidential"))
      #expect(text.contains("invalid_client"))
      #expect(!text.contains("not-it"))
    }

    @Test("an issuer path without a discovery document is server trouble (404)")
    func missingDiscovery_isTrouble() async throws {
      let provider = try await SharedProviders.shared.provider()
      let api = OIDCAuthAPI(
        configuration: try OIDCConfiguration(
          issuer: provider.baseURL.appendingPathComponent("nowhere"), clientID: "koober-public",
          defaultUserType: .passenger))
      let text = try #require(trouble(await failure { try await api.signIn(ProviderTests.ann) }))
      #expect(text.contains("HTTP 404"))
      #expect(text.contains("check the issuer URL"))
    }
  }
}

import Foundation
import LoginCore
import OIDCProviderHarness
import ServiceUserOIDC
import Testing
import UserModel

/// The adapter against django-oauth-toolkit, a real provider nobody here wrote. The suites
/// inside share the providers (one per access-token lifetime) and stop them at the end.
@Suite(
  "against django-oauth-toolkit",
  .enabled(
    if: ProviderAvailability.current.runs,
    Comment(rawValue: ProviderAvailability.current.comment)),
  .sharedProviders)
struct ProviderTests {
  /// An adapter for a shared provider.
  /// - Parameters:
  ///   - accessSeconds: The provider's access-token lifetime.
  ///   - confidential: Whether to sign in as `koober-confidential` (else `koober-public`).
  ///   - secret: The confidential client's secret.
  ///   - revocation: Whether to configure the revocation endpoint.
  /// - Returns: The adapter and its provider.
  static func api(
    accessSeconds: Int = 60, confidential: Bool = false, secret: String = "s3cret",
    revocation: Bool = true
  ) async throws -> (OIDCAuthAPI, OIDCProviderProcess) {
    let provider = try await SharedProviders.shared.provider(accessSeconds: accessSeconds)
    let configuration = try OIDCConfiguration(
      issuer: provider.issuer,
      clientID: confidential ? "koober-confidential" : "koober-public", defaultUserType: .passenger,
      clientSecret: confidential ? secret : nil,
      revocationEndpoint: revocation ? provider.revocationEndpoint : nil,
      userTypeClaim: "koober_type")
    return (OIDCAuthAPI(configuration: configuration), provider)
  }

  /// Ann's credentials.
  static let ann = SignInCredentials(identifier: "ann@example.com", password: providerPassword)
  /// Dan's credentials (a driver by claim).
  static let dan = SignInCredentials(identifier: "dan@example.com", password: providerPassword)

  /// Signs in and returns the session.
  static func signIn(
    _ credentials: SignInCredentials, with api: OIDCAuthAPI
  ) async throws -> UserSession {
    try #require(session(of: try await api.signIn(credentials)))
  }
}

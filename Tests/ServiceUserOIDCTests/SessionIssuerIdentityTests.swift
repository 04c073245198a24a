import Foundation
import ServiceUserOIDC
import Testing

@Suite("the OAuth adapter's session identity")
struct SessionIssuerIdentityTests {
  private static func adapter(_ issuer: String, _ clientID: String) throws -> OIDCAuthAPI {
    OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: try #require(URL(string: issuer)), clientID: clientID, defaultUserType: .passenger
      ))
  }

  @Test("two realms on one host, or two client IDs, are two identities; the issuer is exact")
  func identities() throws {
    let realmA = try Self.adapter("https://id.example/realms/a", "app")
    #expect(realmA.sessionIssuer == "oidc https://id.example/realms/a app")
    #expect(try Self.adapter("https://id.example/realms/b", "app").sessionIssuer
      != realmA.sessionIssuer)
    #expect(try Self.adapter("https://id.example/realms/a", "other").sessionIssuer
      != realmA.sessionIssuer)
    // OpenID Connect compares issuers as exact strings: a trailing slash is another issuer.
    #expect(try Self.adapter("https://id.example/realms/a/", "app").sessionIssuer
      != realmA.sessionIssuer)
  }
}

// Article example begins: SignInFlowsConfiguration imports
import Foundation
import NetworkClient
import ServiceUser
import ServiceUserOIDC
import UserModel

// Article example ends

/// ServiceUserOIDC's *Sign-in flows* article, compiled: the adapter's configuration and the
/// service over it.
public func oidcService(support: URL) throws -> ServiceUser {
  // Article example begins: SignInFlowsConfiguration body
  let configuration = try OIDCConfiguration(
    issuer: URL(string: "https://id.example.com/realms/acme")!,
    clientID: "acme-ios",                        // clientSecret: for a confidential client
    defaultUserType: UserType("member"),         // a user the userinfo does not type
    revocationEndpoint: nil,                     // when discovery names none (django-oauth-toolkit)
    userTypeClaim: "account_type")
  let service = ServiceUser(
    remote: OIDCAuthAPI(configuration: configuration),
    network: NetworkClient(baseURL: URL(string: "https://api.example.com")!),  // your own API
    accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
    sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
  // Article example ends
  return service
}

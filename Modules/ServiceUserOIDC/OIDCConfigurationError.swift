import Foundation
import Localization
import LoginCore

/// Why an `OIDCConfiguration` could not be made: a mistake in the app's setup, found before
/// any request is sent.
public enum OIDCConfigurationError: Error, Sendable, Equatable {
  /// The client identifier is empty.
  case emptyClientID
  /// A URL that is not `http`/`https`, or has no host; says which URL (its role) and why.
  case invalidURL(role: String, reason: String)
  /// Plain `http` to a host that is not this machine: passwords and tokens would travel in
  /// clear. Carries the URL's role and its host.
  case insecureURL(role: String, host: String)
  /// A URL with a user name or password in it (`https://ann:pw@id.example.com`): HTTP forbids
  /// it (RFC 9110, section 4.2.4), the transport would send it as credentials, and a log line
  /// printing the URL would show it. Carries the URL's role and its host.
  case userInfoInURL(role: String, host: String)

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .emptyClientID: "empty_client_id"
    case .invalidURL: "invalid_url"
    case .insecureURL: "insecure_url"
    case .userInfoInURL: "userinfo_in_url"
    }
  }

  /// One sentence saying what is wrong and what to do, in the language `Texts.language`
  /// names.
  public var message: String {
    switch self {
    case .emptyClientID:
      return TextTable.serviceUserOIDC.text("configuration.emptyClientID")
    case .invalidURL(let role, let reason):
      let values = ["role": Self.name(of: role), "reason": Self.words(reason)]
      return TextTable.serviceUserOIDC.text("configuration.invalidURL", values)
    case .insecureURL(let role, let host):
      // The host may be a provider's (a discovery document's endpoint): shown cleaned.
      let values = ["role": Self.name(of: role), "host": ForeignText.clean(host, limit: 253)]
      return TextTable.serviceUserOIDC.text("configuration.insecureURL", values)
    case .userInfoInURL(let role, let host):
      let values = ["role": Self.name(of: role), "host": ForeignText.clean(host, limit: 253)]
      return TextTable.serviceUserOIDC.text("configuration.userInfoInURL", values)
    }
  }

  /// A URL's role (`issuer`, `token endpoint`, …) as the chosen language names it.
  private static func name(of role: String) -> String {
    switch role {
    case EndpointRule.Role.issuer: TextTable.serviceUserOIDC.text("role.issuer")
    case EndpointRule.Role.tokenEndpoint: TextTable.serviceUserOIDC.text("role.tokenEndpoint")
    case EndpointRule.Role.userinfoEndpoint: TextTable.serviceUserOIDC.text("role.userinfoEndpoint")
    case EndpointRule.Role.revocationEndpoint:
      TextTable.serviceUserOIDC.text("role.revocationEndpoint")
    case EndpointRule.Role.deviceAuthorizationEndpoint:
      TextTable.serviceUserOIDC.text("role.deviceAuthorizationEndpoint")
    default: role
    }
  }

  /// Why a URL is unusable, as the chosen language says it.
  private static func words(_ reason: String) -> String {
    switch reason {
    case EndpointRule.Reason.unreadable: TextTable.serviceUserOIDC.text("reason.unreadable")
    case EndpointRule.Reason.needsHTTPS: TextTable.serviceUserOIDC.text("reason.needsHTTPS")
    default: reason
    }
  }
}

extension OIDCConfigurationError: CustomStringConvertible, LocalizedError {
  /// The code and the message in English, for logs.
  public var description: String { "\(code): \(Texts.inEnglish { message })" }

  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

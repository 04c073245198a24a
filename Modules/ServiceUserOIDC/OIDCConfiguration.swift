import Foundation
import UserModel

/// Where an OAuth 2.0 / OpenID Connect provider is and how this app is registered there:
/// what `OIDCAuthAPI` needs besides the network.
///
/// The issuer and a configured revocation endpoint are checked when the configuration is made:
/// `https`, or plain `http` to this machine only (127.0.0.1, ::1, localhost), the rule
/// NetworkClient applies, because passwords and tokens travel in these requests.
///
/// ```swift
/// let configuration = try OIDCConfiguration(
///   issuer: URL(string: "https://id.example.com/realms/shop")!,
///   clientID: "shop-ios",
///   defaultUserType: UserType("member"),
///   userTypeClaim: "account_type")
/// let api = OIDCAuthAPI(configuration: configuration)
/// ```
public struct OIDCConfiguration: Sendable, Equatable {
  /// The scopes asked for when none are given: an ID token's subject, the name and the email.
  public static let defaultScopes = ["openid", "profile", "email"]
  /// How long an access token lives when the token answer has no `expires_in`: an hour, the
  /// usual default of Keycloak, Okta and django-oauth-toolkit. RFC 6749 §5.1 makes the field
  /// optional; a guess that is too long only means one renewal after a rejected request.
  public static let defaultAccessTokenLifetime: TimeInterval = 3600
  /// The longest one request to the provider may take when none is given.
  public static let defaultTimeout: Duration = .seconds(30)

  /// The issuer URL, e.g. `https://id.example.com/realms/shop`; the discovery document is
  /// at `<issuer>/.well-known/openid-configuration` and must name this exact issuer.
  public let issuer: URL
  /// The client identifier registered at the provider.
  public let clientID: String
  /// The client secret of a confidential client (sent by HTTP Basic), or `nil` for a public
  /// client (its `client_id` goes in the body). Never printed.
  public let clientSecret: String?
  /// The scopes asked for by every sign-in, sent space-separated.
  public let scopes: [String]
  /// Whether `offline_access` is added to ``scopes`` when the provider's discovery lists it
  /// in `scopes_supported`: some providers (Auth0, Okta, Keycloak) issue a refresh token only
  /// then. `false` by default: the scopes are sent as given.
  public let addsOfflineAccessWhenSupported: Bool
  /// The RFC 7009 revocation endpoint, used before the discovery document's; `nil` to use the
  /// document's `revocation_endpoint` (django-oauth-toolkit's document has none).
  public let revocationEndpoint: URL?
  /// The RFC 8628 device authorization endpoint, used before the discovery document's; `nil`
  /// to use the document's `device_authorization_endpoint` (some providers, django-oauth-toolkit
  /// among them, leave it out of discovery).
  public let deviceAuthorizationEndpoint: URL?
  /// The user type of a user whose userinfo has no user-type claim, or of every user when
  /// ``userTypeClaim`` is `nil`: the app's own choice (e.g. its most common type).
  public let defaultUserType: UserType
  /// The userinfo claim holding the user type (e.g. `account_type`); a user without the claim,
  /// or every user when `nil`, gets ``defaultUserType``.
  public let userTypeClaim: String?
  /// How long a new access token lives when the provider does not say.
  public let accessTokenLifetime: TimeInterval
  /// How long a new refresh token is taken to live, or `nil` (the default) to take it as
  /// living until the provider refuses it: OAuth's token answer does not tell.
  public let refreshTokenLifetime: TimeInterval?
  /// The longest one request to the provider may take.
  public let timeout: Duration

  /// Makes a configuration, refusing URLs that would send secrets in clear.
  /// - Parameters:
  ///   - issuer: The issuer URL, exactly as the provider's discovery document names it.
  ///   - clientID: The client identifier; not empty.
  ///   - defaultUserType: The type of a user the userinfo does not type.
  ///   - clientSecret: The secret of a confidential client, or `nil` for a public one.
  ///   - scopes: The scopes to ask for; "openid profile email" by default.
  ///   - addsOfflineAccessWhenSupported: Whether `offline_access` is added when discovery
  ///     lists it.
  ///   - revocationEndpoint: The revocation endpoint, when discovery does not name one.
  ///   - deviceAuthorizationEndpoint: The device authorization endpoint, when discovery does
  ///     not name one.
  ///   - userTypeClaim: The userinfo claim with the user type, or `nil` to give every user
  ///     `defaultUserType`.
  ///   - accessTokenLifetime: The access-token lifetime when `expires_in` is missing.
  ///   - refreshTokenLifetime: The refresh-token lifetime to assume, or `nil` for none.
  ///   - timeout: The time limit of one request.
  /// - Throws: `OIDCConfigurationError` for an empty client ID, a URL that is not http(s) or
  ///   has no host, plain http to a host that is not loopback, or a URL with a user name or
  ///   password in it (`.userInfoInURL`).
  public init(
    issuer: URL,
    clientID: String,
    defaultUserType: UserType,
    clientSecret: String? = nil,
    scopes: [String] = OIDCConfiguration.defaultScopes,
    addsOfflineAccessWhenSupported: Bool = false,
    revocationEndpoint: URL? = nil,
    deviceAuthorizationEndpoint: URL? = nil,
    userTypeClaim: String? = nil,
    accessTokenLifetime: TimeInterval = OIDCConfiguration.defaultAccessTokenLifetime,
    refreshTokenLifetime: TimeInterval? = nil,
    timeout: Duration = OIDCConfiguration.defaultTimeout
  ) throws(OIDCConfigurationError) {
    guard !clientID.isEmpty else { throw .emptyClientID }
    if let problem = EndpointRule.problem(with: issuer, role: EndpointRule.Role.issuer) {
      throw problem
    }
    if let revocationEndpoint,
      let problem = EndpointRule.problem(
        with: revocationEndpoint, role: EndpointRule.Role.revocationEndpoint)
    {
      throw problem
    }
    if let deviceAuthorizationEndpoint,
      let problem = EndpointRule.problem(
        with: deviceAuthorizationEndpoint, role: EndpointRule.Role.deviceAuthorizationEndpoint)
    {
      throw problem
    }
    self.issuer = issuer
    self.clientID = clientID
    self.clientSecret = clientSecret
    self.scopes = scopes
    self.addsOfflineAccessWhenSupported = addsOfflineAccessWhenSupported
    self.revocationEndpoint = revocationEndpoint
    self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
    self.defaultUserType = defaultUserType
    self.userTypeClaim = userTypeClaim
    self.accessTokenLifetime = max(0, accessTokenLifetime)
    self.refreshTokenLifetime = refreshTokenLifetime.map { max(0, $0) }
    self.timeout = timeout
  }

  /// Whether the client is confidential (authenticates with a secret).
  public var isConfidential: Bool { clientSecret != nil }
}

extension OIDCConfiguration: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The configuration with the client secret redacted.
  public var description: String {
    "OIDCConfiguration(issuer: \(issuer.absoluteString), clientID: \(clientID), "
      + "clientSecret: \(clientSecret == nil ? "nil" : EndpointRule.redacted), "
      + "scopes: \(scopes.joined(separator: " ")))"
  }

  /// The same as `description`: the secret stays redacted in debug output too.
  public var debugDescription: String { description }

  /// A mirror without the secret, so `dump(configuration)` shows none.
  public var customMirror: Mirror {
    Mirror(
      self,
      children: [
        "issuer": issuer, "clientID": clientID,
        "clientSecret": clientSecret == nil ? "nil" : EndpointRule.redacted,
        "scopes": scopes, "revocationEndpoint": revocationEndpoint as Any,
        "deviceAuthorizationEndpoint": deviceAuthorizationEndpoint as Any,
        "defaultUserType": defaultUserType,
        "userTypeClaim": userTypeClaim as Any,
      ],
      displayStyle: .struct
    )
  }
}

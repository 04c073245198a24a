import Foundation
import LoginCore
import NetworkClient
import UserModel

/// `AuthRemoteAPI` for any standard OAuth 2.0 / OpenID Connect provider: Keycloak, Auth0,
/// Okta, Cognito, django-oauth-toolkit.
///
/// - Discovery (`<issuer>/.well-known/openid-configuration`) on first use, kept once it
///   succeeds; a failed discovery is asked again by the next call.
/// - Sign-in: in the system browser, the authorization code with PKCE (`signIn(with:)`, a
///   `BrowserUserAgent` such as `LoopbackUserAgent`; RFC 7636, RFC 8252), on another device
///   (`startDeviceSignIn()` then `finishDeviceSignIn(_:)`; RFC 8628), or the password grant
///   (RFC 6749 §4.3), which RFC 9700 says not to use and most providers switch off. Each
///   checks the ID token when one comes (OIDC Core §3.1.3.7), then reads userinfo (§5.3);
///   the browser sign-in requires one when the scopes have `openid` (§3.1.3.3) and checks
///   the answer's `iss` (RFC 9207).
/// - Renewal: the refresh_token grant (§6), keeping the newest refresh token, or the old one
///   when the provider does not rotate it, and the session's user.
/// - Sign-out: RFC 7009 revocation of the refresh token, then of the access token; of the
///   access token alone for a session without a refresh token.
/// - Sign-up, one-time codes and name changes are `.unsupported`.
///
/// ```swift
/// let api = OIDCAuthAPI(configuration: try OIDCConfiguration(
///   issuer: URL(string: "https://id.example.com/realms/shop")!,
///   clientID: "shop-ios", defaultUserType: UserType("member"), userTypeClaim: "account_type"))
/// let answer = try await api.signIn(SignInCredentials(identifier: "ann@example.com",
///                                                     password: typed))
/// ```
public struct OIDCAuthAPI: AuthRemoteAPI {
  /// The provider and the client's registration.
  public let configuration: OIDCConfiguration
  /// The clock that dates token expiries.
  public let now: @Sendable () -> Date
  /// The clock the device sign-in waits with between two questions to the provider.
  public let clock: any Clock<Duration>

  let exchange: ProviderExchange
  let discovery = DiscoveryCache()

  /// Makes an adapter.
  /// - Parameters:
  ///   - configuration: The provider and client.
  ///   - transport: What sends requests; a new `DefaultHTTPTransport` by default.
  ///   - now: The clock for token expiries; the system clock by default.
  ///   - clock: The clock the device sign-in waits with; `ContinuousClock()` by default.
  public init(
    configuration: OIDCConfiguration,
    transport: any HTTPTransport = DefaultHTTPTransport(),
    now: @escaping @Sendable () -> Date = { Date() },
    clock: any Clock<Duration> = ContinuousClock()
  ) {
    self.configuration = configuration
    self.now = now
    self.clock = clock
    exchange = ProviderExchange(transport: transport, timeout: configuration.timeout)
  }

  /// The provider's identity with this client: `identity(issuer:clientID:)`, so two realms
  /// on one host, or two client IDs, never share a session.
  public var sessionIssuer: String? {
    Self.identity(issuer: configuration.issuer, clientID: configuration.clientID)
  }

  /// An OAuth identity: the issuer exactly as configured (OpenID Connect compares issuers
  /// as exact strings) and the client ID, as `oidc <issuer> <client ID>`.
  /// - Parameters:
  ///   - issuer: The issuer.
  ///   - clientID: The client ID.
  /// - Returns: The identity.
  public static func identity(issuer: URL, clientID: String) -> String {
    "oidc \(issuer.absoluteString) \(clientID)"
  }

  /// Signs in with the password grant, then reads the user from userinfo.
  /// - Parameter credentials: The identifier (sent as `username`) and password.
  /// - Returns: `.signedIn(_)`; an OAuth provider never answers with a second step here.
  /// - Throws: `.refused(.invalidCredentials(_:))` for `invalid_grant`;
  ///   `.unsupported(.signIn)` when the provider does not allow the password grant;
  ///   `.unavailable(_)` for a provider that is down, slow, busy or misconfigured. A
  ///   provider that issues no refresh token gives a session that ends when its access token
  ///   expires.
  public func signIn(_ credentials: SignInCredentials) async throws(AuthFailure)
    -> SignInOutcome
  {
    let metadata = try await providerMetadata()
    var form = [
      (name: "grant_type", value: "password"),
      (name: "username", value: credentials.identifier),
      (name: "password", value: credentials.password),
    ]
    if let scope = scope(for: metadata) { form.append((name: "scope", value: scope)) }
    let tokens = try await requestTokens(form, at: metadata.tokenEndpoint, for: .signIn)
    return .signedIn(try await session(from: tokens, metadata: metadata, nonce: nil))
  }

  /// The `scope` a sign-in asks for: the configured scopes, plus `offline_access` when the
  /// configuration adds it and discovery lists it; `nil` for none (the provider's default
  /// ones, RFC 6749 §3.3, rather than an empty `scope=`).
  /// - Parameter metadata: The provider's discovery document.
  /// - Returns: The space-separated scopes, or `nil`.
  func scope(for metadata: ProviderMetadata) -> String? {
    var scopes = configuration.scopes
    if configuration.addsOfflineAccessWhenSupported, !scopes.contains("offline_access"),
      metadata.scopesSupported?.contains("offline_access") == true
    {
      scopes.append("offline_access")
    }
    return scopes.isEmpty ? nil : scopes.joined(separator: " ")
  }

  /// The session of a sign-in's tokens, dated now: the ID token checked, the user read from
  /// userinfo, which must name the ID token's subject (OpenID Connect Core §5.3.2).
  /// - Parameters:
  ///   - tokens: The token answer.
  ///   - metadata: The provider's endpoints.
  ///   - nonce: The nonce sent with the authorization request, or `nil` when none was.
  /// - Returns: The session.
  /// - Throws: `.unavailable(.serverTrouble(_))` for a refused ID token, a userinfo that
  ///   refuses the new access token or names another subject; userinfo's failures.
  func session(from tokens: Tokens, metadata: ProviderMetadata, nonce: String?)
    async throws(AuthFailure) -> UserSession
  {
    let idToken = try checkedIDToken(tokens.idToken, nonce: nonce)
    let user: User
    do {
      user = try await userInfo(accessToken: tokens.accessToken, metadata: metadata)
    } catch .refused(.accessTokenRejected) {
      throw .trouble(
        "the provider's userinfo endpoint refused the access token it had just issued; "
          + "check that the client's scopes include openid.")
    }
    if let idToken, idToken.subject != user.id {
      throw .trouble("the provider's ID token and userinfo name different subjects (sub).")
    }
    let issuedAt = now()
    return UserSession(
      user: user, accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.expiresAt(from: issuedAt),
      refreshToken: tokens.refreshToken,
      refreshTokenExpiresAt: tokens.refreshToken == nil ? nil : refreshExpiry(from: issuedAt),
      idToken: tokens.idToken, scope: tokens.scope)
  }

  /// The ID token of a token answer with its claims checked (OpenID Connect Core §3.1.3.7),
  /// or `nil` when the answer had none.
  /// - Parameters:
  ///   - text: The answer's `id_token`, if any.
  ///   - nonce: The nonce sent with the authorization request, or `nil` when none was.
  /// - Returns: Its claims.
  /// - Throws: `.unavailable(.serverTrouble(_))` for a token that is not a JWT or whose
  ///   claims do not hold: nothing is stored then.
  func checkedIDToken(_ text: String?, nonce: String?) throws(AuthFailure) -> IDToken? {
    guard let text else { return nil }
    guard let idToken = IDToken(text) else {
      throw .trouble("the provider's ID token is not a JWT with a JSON payload.")
    }
    if let problem = idToken.problem(
      issuer: configuration.issuer.absoluteString, clientID: configuration.clientID,
      nonce: nonce, now: now())
    {
      throw .trouble("the provider's ID token is refused: " + problem)
    }
    return idToken
  }

  /// When a refresh token issued at `issuedAt` is taken to expire: `nil` unless configured.
  private func refreshExpiry(from issuedAt: Date) -> Date? {
    configuration.refreshTokenLifetime.map { issuedAt.addingTimeInterval($0) }
  }

  /// Spends the refresh token (the refresh_token grant) for new tokens.
  /// - Parameter session: The session to renew.
  /// - Returns: The session with the new access token; the new refresh token when the
  ///   provider rotated it, else the old one; the same user.
  /// - Throws: `.refused(.sessionEnded)` for `invalid_grant` (revoked, expired or reused);
  ///   `.unsupported(.refresh)`; `.unavailable(_)`.
  public func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    // A session without a refresh token cannot be renewed; ServiceUser never asks.
    guard let refreshToken = session.refreshToken else { throw .refused(.sessionEnded) }
    let metadata = try await providerMetadata()
    let form = [
      (name: "grant_type", value: "refresh_token"),
      (name: "refresh_token", value: refreshToken),
    ]
    let tokens = try await requestTokens(form, at: metadata.tokenEndpoint, for: .refresh)
    let issuedAt = now()
    var renewed = session
    renewed.accessToken = tokens.accessToken
    renewed.accessTokenExpiresAt = tokens.expiresAt(from: issuedAt)
    if let rotated = tokens.refreshToken {
      renewed.refreshToken = rotated
      renewed.refreshTokenExpiresAt = refreshExpiry(from: issuedAt)
    }
    // OpenID Connect Core §12.2: an ID token may come back on refresh, for the same
    // issuer, subject and audience as before; keep the last one.
    if let text = tokens.idToken {
      if let idToken = try checkedIDToken(text, nonce: nil) {
        let earlier = session.idToken.flatMap(IDToken.init)
        if let problem = earlier.flatMap(idToken.problem(renewing:)) {
          throw .trouble("the provider's ID token is refused: " + problem)
        }
        if idToken.subject != session.user.id {
          throw .trouble("the provider's ID token on refresh names another subject (sub).")
        }
      }
      renewed.idToken = text
    }
    if let scope = tokens.scope { renewed.scope = scope }
    return renewed
  }

  /// The user as userinfo describes them now.
  /// - Parameter accessToken: The access token.
  /// - Returns: The user: its identifier `preferred_username`, else `email`, else `sub`; its
  ///   email the `email` claim.
  /// - Throws: `.refused(.accessTokenRejected)` for a Bearer `invalid_token` challenge;
  ///   `.unavailable(_)`.
  public func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    let metadata = try await providerMetadata()
    return try await userInfo(accessToken: accessToken, metadata: metadata)
  }

  /// Revokes the refresh token, then (best effort) the access token, at the RFC 7009
  /// endpoint: the configured one, else the discovery document's. A session without a
  /// refresh token has only its access token revoked.
  /// - Parameter session: The session being ended.
  /// - Throws: `.unsupported(.signOut)` when there is no revocation endpoint, or when the
  ///   provider does not revoke the only token there is (`unsupported_token_type`): the
  ///   sign-out is then local; `.unavailable(_)` when the token could not be revoked.
  public func signOut(_ session: UserSession) async throws(AuthFailure) {
    let endpoint = try await revocationEndpoint()
    if let refreshToken = session.refreshToken {
      try await revoke(refreshToken, hint: "refresh_token", at: endpoint)
    } else {
      // Without a refresh token the access token is all there is: its revocation counts.
      try await revoke(session.accessToken, hint: "access_token", at: endpoint)
      return
    }
    // Best effort: the refresh token, which could renew the session, is gone; an access token
    // lapses by itself soon, and a provider may not revoke those (RFC 7009 §2.2.1,
    // `unsupported_token_type`), so nothing here makes the sign-out any less done.
    _ = try? await revoke(session.accessToken, hint: "access_token", at: endpoint)
  }
}

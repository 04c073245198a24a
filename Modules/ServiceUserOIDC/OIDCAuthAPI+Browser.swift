import Foundation
import LoginCore
import UserModel

/// One browser sign-in in progress: the authorization request to open (RFC 6749 §4.1 with
/// PKCE, OpenID Connect Core §3.1.2), and the secrets its answer is checked against. Keep it
/// on the device until the browser comes back; never send it anywhere but
/// `OIDCAuthAPI.signIn(callback:for:)`.
public struct AuthorizationRequest: Sendable, Equatable {
  /// The address to open in the browser: the provider's authorization endpoint with the
  /// request's parameters.
  public let url: URL
  /// Where the provider sends the browser back, exactly as registered for the client.
  public let redirectURI: URL
  /// The `state` sent (32 random bytes, base64url): the answer must carry it back.
  public let state: String
  /// The `nonce` sent (32 random bytes, base64url): the ID token must carry it back.
  public let nonce: String
  /// The PKCE verifier and challenge.
  public let pkce: PKCE
}

extension AuthorizationRequest: CustomStringConvertible {
  /// The URL (which the browser shows anyway: state, nonce and challenge are public) and
  /// the redirect URI; the PKCE verifier, the one secret, redacted.
  public var description: String {
    "AuthorizationRequest(url: \(url.absoluteString), redirectURI: \(redirectURI), "
      + "pkce: \(pkce))"
  }
}

extension OIDCAuthAPI {
  /// Starts a browser sign-in: the authorization request, with `response_type=code`, the
  /// client ID, `redirect_uri`, the configured scopes, a fresh `state` and `nonce`, and an
  /// S256 PKCE challenge. Open its `url` in the system browser (RFC 8252), then give the URL
  /// the browser came back with to `signIn(callback:for:)`.
  /// - Parameters:
  ///   - redirectURI: Where the provider sends the browser back: a loopback
  ///     `http://127.0.0.1:<port>/…` address or the app's own scheme, registered for the
  ///     client.
  ///   - prompt: OpenID Connect's `prompt` (`"login"` asks the person to sign in again
  ///     rather than reuse the browser's session), or `nil`.
  ///   - loginHint: Who is expected to sign in (`login_hint`), or `nil`.
  /// - Returns: The request.
  /// - Throws: `.unsupported(.browserSignIn)` when discovery names no usable authorization
  ///   endpoint; discovery's failures.
  public func authorizationRequest(
    redirectURI: URL, prompt: String? = nil, loginHint: String? = nil
  ) async throws(AuthFailure) -> AuthorizationRequest {
    let metadata = try await providerMetadata()
    guard let endpoint = metadata.authorizationEndpoint else { throw .unsupported(.browserSignIn) }
    let state = PKCE.randomToken()
    let nonce = PKCE.randomToken()
    let pkce = PKCE()
    var items = [
      URLQueryItem(name: "response_type", value: "code"),
      URLQueryItem(name: "client_id", value: configuration.clientID),
      URLQueryItem(name: "redirect_uri", value: redirectURI.absoluteString),
      URLQueryItem(name: "state", value: state),
      URLQueryItem(name: "nonce", value: nonce),
      URLQueryItem(name: "code_challenge", value: pkce.challenge),
      URLQueryItem(name: "code_challenge_method", value: PKCE.method),
    ]
    if let scope = scope(for: metadata) {
      items.append(URLQueryItem(name: "scope", value: scope))
    }
    if let prompt { items.append(URLQueryItem(name: "prompt", value: prompt)) }
    if let loginHint { items.append(URLQueryItem(name: "login_hint", value: loginHint)) }
    guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
      throw .unsupported(.browserSignIn)
    }
    components.queryItems = (components.queryItems ?? []) + items
    // `+` is a space in a query to most servers: send it encoded.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    guard let url = components.url else { throw .unsupported(.browserSignIn) }
    return AuthorizationRequest(
      url: url, redirectURI: redirectURI, state: state, nonce: nonce, pkce: pkce)
  }

  /// Finishes a browser sign-in from the URL the browser came back with: checks it is the
  /// answer to `request` (the redirect URI, `state` and `iss`), reads the provider's `error`
  /// if any, exchanges the code with the PKCE verifier, checks the ID token (its `nonce`
  /// included; with `openid` in the scope there must be one) and reads the user from
  /// userinfo.
  /// - Parameters:
  ///   - callback: The URL the browser was sent back to.
  ///   - request: The request `authorizationRequest(redirectURI:prompt:loginHint:)` made.
  /// - Returns: The session. Nothing is redeemed unless the callback belongs to `request`.
  /// - Throws: `.refused(.signInInterrupted)` for a callback of another sign-in (another
  ///   address or `state`, an `iss` naming another issuer, or no `iss` from a provider whose
  ///   discovery says it sends one: RFC 9207) or a code the provider no longer redeems;
  ///   `.refused(.signInDeclined)` when the person did not allow it (`access_denied`);
  ///   `.unavailable(.serverTrouble(_))` for any other `error`, a refused ID token, or none
  ///   although the scope has `openid` (OpenID Connect Core §3.1.3.3); the token endpoint's
  ///   failures.
  public func signIn(callback: URL, for request: AuthorizationRequest) async throws(AuthFailure)
    -> UserSession
  {
    guard Self.sameEndpoint(callback, request.redirectURI),
      let items = URLComponents(url: callback, resolvingAgainstBaseURL: false)?.queryItems
    else { throw .refused(.signInInterrupted) }
    func value(_ name: String) -> String? {
      let values = items.filter { $0.name == name }
      // RFC 6749 §3.1: a parameter sent twice is an error.
      return values.count == 1 ? values[0].value : nil
    }
    guard value("state") == request.state else { throw .refused(.signInInterrupted) }
    let metadata = try await providerMetadata()
    // Before anything else is believed, an error included (RFC 9207 §2.4).
    try checkIssuer(of: items, metadata: metadata)
    if let error = value("error") {
      if error == "access_denied" { throw .refused(.signInDeclined) }
      throw .trouble(
        "the provider ended the browser sign-in with '\(ForeignText.clean(error, limit: 60))'.")
    }
    guard let code = value("code"), !code.isEmpty else {
      throw .trouble("the provider sent the browser back without a code.")
    }
    let form = [
      (name: "grant_type", value: "authorization_code"),
      (name: "code", value: code),
      (name: "redirect_uri", value: request.redirectURI.absoluteString),
      (name: "code_verifier", value: request.pkce.verifier),
    ]
    let tokens: Tokens
    do {
      tokens = try await requestTokens(form, at: metadata.tokenEndpoint, for: .signIn)
    } catch .refused(.invalidCredentials) {
      // `invalid_grant` for a code: used, expired, or not this verifier's.
      throw .refused(.signInInterrupted)
    }
    try requireIDToken(in: tokens)
    return try await session(from: tokens, metadata: metadata, nonce: request.nonce)
  }

  /// Signs in in the browser: builds the authorization request for `agent`'s redirect URI,
  /// lets `agent` show it, and finishes with `signIn(callback:for:)`.
  /// - Parameter agent: The app's browser, e.g. a `LoopbackUserAgent`.
  /// - Returns: The session.
  /// - Throws: `authorizationRequest`'s, the agent's and `signIn(callback:for:)`'s failures.
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure)
    -> UserSession
  {
    let request = try await authorizationRequest(
      redirectURI: agent.redirectURI, prompt: agent.prompt, loginHint: agent.loginHint)
    let callback = try await agent.authorize(request.url)
    return try await signIn(callback: callback, for: request)
  }

  /// The address that ends the provider's browser session (OpenID Connect RP-Initiated
  /// Logout 1.0 §2): discovery's `end_session_endpoint` with `id_token_hint` (the session's
  /// ID token, when it has one), `client_id`, `post_logout_redirect_uri` and a fresh
  /// `state`.
  /// - Parameters:
  ///   - session: The session being signed out.
  ///   - postLogoutRedirectURI: Where the provider sends the browser afterwards (registered
  ///     for the client), or `nil`.
  /// - Returns: The address, or `nil` when discovery names no end-session endpoint.
  /// - Throws: Discovery's failures.
  public func endSessionURL(for session: UserSession, postLogoutRedirectURI: URL?)
    async throws(AuthFailure) -> URL?
  {
    guard let endpoint = try await providerMetadata().endSessionEndpoint,
      var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
    else { return nil }
    var items = [URLQueryItem(name: "client_id", value: configuration.clientID)]
    if let idToken = session.idToken {
      items.append(URLQueryItem(name: "id_token_hint", value: idToken))
    }
    if let postLogoutRedirectURI {
      items.append(
        URLQueryItem(name: "post_logout_redirect_uri", value: postLogoutRedirectURI.absoluteString))
      items.append(URLQueryItem(name: "state", value: PKCE.randomToken()))
    }
    components.queryItems = (components.queryItems ?? []) + items
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    return components.url
  }

  /// Ends the provider's browser session through `agent` (RP-initiated logout), when
  /// discovery offers it: the next browser sign-in then shows the provider's sign-in page
  /// again instead of signing the same account back in.
  ///
  /// The address carries the ID token (`id_token_hint`): `agent` must keep it from other
  /// local users, as `LoopbackUserAgent` does by handing its host a private page rather than
  /// the address, and takes only the answer with the request's `state`. It is a GET, which
  /// providers accept everywhere (django-oauth-toolkit refuses a cross-site POST for want of
  /// a CSRF token); `LoopbackUserAgent.authorize(posting:to:)` serves a provider that wants
  /// the form.
  /// - Parameters:
  ///   - session: The session just signed out.
  ///   - agent: The app's browser; the provider sends it back to its redirect URI.
  /// - Throws: The agent's failures (`.refused(.signInCancelled)`, …).
  public func endBrowserSession(_ session: UserSession, with agent: any BrowserUserAgent)
    async throws(AuthFailure)
  {
    guard let url = try await endSessionURL(for: session, postLogoutRedirectURI: agent.redirectURI)
    else { return }
    _ = try await agent.authorize(url)
  }

  /// Whether two URLs name the same endpoint: scheme, host, port and path.
  private static func sameEndpoint(_ one: URL, _ other: URL) -> Bool {
    one.scheme?.lowercased() == other.scheme?.lowercased()
      && one.host?.lowercased() == other.host?.lowercased() && one.port == other.port
      && one.path == other.path
  }
}

import Foundation
import UserModel
import WebAuthn

/// The one place that knows a server's wire format for accounts and sessions: its paths,
/// field names, token endpoint and error bodies.
///
/// `ServiceUser` calls it for every account operation and keeps everything else to itself:
/// the session store, renewal (one refresh shared by every caller), the account database and
/// `sessionChanges()`. An adapter only translates: each method sends what its server needs
/// and turns the answer into the package's values, or its failure into one `AuthFailure`.
/// Two adapters ship as their own products: `KooberAuthAPI` (ServiceUserKoober, for Koober's
/// HTTP contract) and `OIDCAuthAPI` (ServiceUserOIDC, any standard OAuth 2.0 / OpenID
/// Connect provider). An app with its own server writes a third:
///
/// ```swift
/// struct AcmeAuthAPI: AuthRemoteAPI {
///   let client: NetworkClient
///
///   func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
///     let form = ["user": credentials.identifier, "pass": credentials.password]
///     let body = try await post("/login", form)
///     return .signedIn(try session(from: body))
///   }
///   func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession { … }
///   func currentUser(accessToken: String) async throws(AuthFailure) -> User { … }
///   func signOut(_ session: UserSession) async throws(AuthFailure) { … }
///   // verifyCode, signUp, updateName, revoke(refreshToken:) and the passkey operations
///   // are optional: they default to `.unsupported`.
///
///   // The adapter's own: sends a form with `client`, reads its server's JSON.
///   private func post(_ path: String, _ form: [String: String]) async throws(AuthFailure)
///     -> Data { … }
///   private func session(from body: Data) throws(AuthFailure) -> UserSession { … }
/// }
/// ```
///
/// Every method is called with input the caller already checked against the app's
/// identifier and password rules. A method that reaches the server but cannot read its
/// answer throws `.unavailable(.serverTrouble(_:))`: only a server's clear refusal is
/// `.refused`, because ServiceUser ends a session on `.refused(.sessionEnded)` and never on
/// anything else.
public protocol AuthRemoteAPI: Sendable {
  /// The server identity this adapter talks to, or `nil` (the default) to name none.
  ///
  /// ServiceUser records it in every session it keeps (`UserSession.issuer`) and never
  /// sends a stored session recorded for another identity to this adapter: two servers or
  /// providers sharing one session store (two realms on one host, two client IDs) keep their
  /// sessions apart. Use a stable text that differs whenever the tokens would: an adapter of
  /// the app's own server can give its normalised base URL, the OAuth adapter gives its
  /// issuer and client ID.
  var sessionIssuer: String? { get }

  /// Signs in with an identifier and password.
  /// - Parameter credentials: What the person typed, already normalised by the app's rules.
  /// - Returns: A session, or a challenge when the server asks for a second step.
  /// - Throws: `.refused(.invalidCredentials(_:))`, `.refused(.locked(retryAfterSeconds:))`,
  ///   `.unavailable(_)`, …
  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome

  /// Signs in in the browser: opens the server's sign-in page through `agent` and finishes
  /// with the address the browser comes back to (OAuth's authorization code flow with PKCE).
  /// - Parameter agent: The app's browser.
  /// - Returns: The new session.
  /// - Throws: `.refused(.signInDeclined)` when the person said no,
  ///   `.refused(.signInCancelled)` or `.refused(.signInExpired)` from the agent,
  ///   `.refused(.signInInterrupted)` for an answer that belongs to another sign-in,
  ///   `.unsupported(.browserSignIn)` by default, `.unavailable(_)`, …
  func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession

  /// Ends the server's own browser session of a session just signed out (OpenID Connect
  /// RP-initiated logout), through `agent`, so that the next browser sign-in does not sign
  /// the same account back in silently. Best effort: the app's session has ended already.
  /// - Parameters:
  ///   - session: The session that was signed out (its ID token is the hint).
  ///   - agent: The app's browser, whose redirect URI the server sends it back to.
  /// - Throws: The agent's failures; nothing when the server has no such endpoint (the
  ///   default does nothing).
  func endBrowserSession(_ session: UserSession, with agent: any BrowserUserAgent)
    async throws(AuthFailure)

  /// Starts a device sign-in (RFC 8628): the code and address the person uses on another
  /// device.
  /// - Returns: The sign-in in progress.
  /// - Throws: `.unsupported(.deviceSignIn)` by default and where the server has no device
  ///   authorization endpoint; `.unavailable(_)`, …
  func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization

  /// Waits for the person to finish a device sign-in, asking the server at its interval, and
  /// returns the session. Cancelling the calling task ends it at once.
  /// - Parameter authorization: What `startDeviceSignIn()` returned.
  /// - Returns: The new session.
  /// - Throws: `.refused(.signInDeclined)` when the person said no,
  ///   `.refused(.signInExpired)` past its expiry, `.refused(.signInCancelled)` when the task
  ///   was cancelled, `.unsupported(.deviceSignIn)` by default, `.unavailable(_)`, …
  func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession

  /// Completes a sign-in's second step with the one-time code the person received.
  /// - Parameters:
  ///   - code: The code, trimmed.
  ///   - challenge: The challenge `signIn(_:)` returned.
  /// - Returns: The new session.
  /// - Throws: `.refused(.invalidCode(attemptsLeft:))`, `.refused(.codeExpired)`,
  ///   `.refused(.tooManyAttempts)`, `.unsupported(.verifyCode)`, `.unavailable(_)`, …
  func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession

  /// Creates an account and signs it in.
  /// - Parameter form: The sign-up form, already checked by the app's rules.
  /// - Returns: The new account's session.
  /// - Throws: `.refused(.identifierTaken(_:))`, `.refused(.invalidInput(_:message:))`,
  ///   `.unsupported(.signUp)`, `.unavailable(_)`, …
  func signUp(_ form: SignUpCredentials) async throws(AuthFailure) -> UserSession

  /// Spends the session's refresh token for new tokens.
  ///
  /// ServiceUser calls this at most once at a time per session. The result should keep the
  /// session's user when the server does not send one, and the old refresh token when the
  /// server does not rotate it.
  /// - Parameter session: The session to renew.
  /// - Returns: The renewed session.
  /// - Throws: `.refused(.sessionEnded)` when the server refuses the refresh token (the
  ///   session is then over); `.unavailable(_)` when it could not say (the session is kept).
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession

  /// The signed-in user as the server knows it now: the launch check's validation.
  /// - Parameter accessToken: A valid access token (ServiceUser renews it first).
  /// - Returns: The user.
  /// - Throws: `.refused(.accessTokenRejected)` when the server no longer takes the token
  ///   (ServiceUser renews once and asks again); `.refused(.sessionEnded)`;
  ///   `.unavailable(_)`.
  func currentUser(accessToken: String) async throws(AuthFailure) -> User

  /// Changes the signed-in user's display name.
  /// - Parameters:
  ///   - name: The new name, or `nil` to clear it.
  ///   - accessToken: A valid access token.
  /// - Returns: The updated user.
  /// - Throws: `.refused(.invalidInput(.name, _))`, `.refused(.accessTokenRejected)`,
  ///   `.unsupported(.updateName)`, `.unavailable(_)`, …
  func updateName(_ name: String?, accessToken: String) async throws(AuthFailure) -> User

  /// Revokes the session on the server at sign-out. The device signs out whatever this does.
  ///
  /// ServiceUser reports the sign-out done only when this returns, or when the server said
  /// that nothing of the session is left. When the server does not take the access token
  /// (`.refused(.accessTokenRejected)`: it expired, or the server changed its keys) while a
  /// refresh token may still renew the session, ServiceUser revokes that refresh token with
  /// `revoke(refreshToken:)`; where the server offers no such revocation, it renews the
  /// session once and calls this again with the fresh access token.
  /// - Parameter session: The session being ended, the newest copy ServiceUser has; its
  ///   access token may have expired.
  /// - Throws: `.refused(.accessTokenRejected)` when the server did not take the access
  ///   token; `.refused(.sessionEnded)` when the server says the whole session is over
  ///   already; `.unsupported(.signOut)` when the server has no way to revoke (the sign-out
  ///   is then local, and says so); `.unavailable(_)` when it could not be reached.
  func signOut(_ session: UserSession) async throws(AuthFailure)

  /// Revokes a refresh token, and what the server issued with it, without an access token
  /// (RFC 7009's shape, or a route of your server's such as `POST /auth/revoke`). ServiceUser
  /// calls it at sign-out, and for a session a new sign-in replaced, when the server did not
  /// take the access token, so that the refresh token is revoked without being spent; also
  /// when the refresh token has expired on this device's clock, which may run ahead of the
  /// server's. Like RFC 7009 §2.1 asks, revoke the access tokens issued with it too.
  /// - Parameter refreshToken: The session's refresh token.
  /// - Throws: `.unsupported(.signOut)` (the default) when the server revokes only by access
  ///   token: ServiceUser then renews the session once and signs out with the fresh token;
  ///   `.refused(.sessionEnded)` when the server says the token is dead already;
  ///   `.unavailable(_)` when it could not be reached.
  func revoke(refreshToken: String) async throws(AuthFailure)

  /// Starts adding a passkey to the signed-in account: the server's flow and the options for
  /// the authenticator.
  /// - Parameter accessToken: A valid access token.
  /// - Returns: The flow.
  /// - Throws: `.refused(.reauthenticationRequired)` when the server asks for a recent
  ///   sign-in first, `.refused(.accessTokenRejected)`, `.unsupported(.passkeys)` (the
  ///   default), `.unavailable(_)`, …
  func passkeyRegistrationOptions(accessToken: String) async throws(AuthFailure)
    -> PasskeyRegistrationFlow

  /// Finishes adding a passkey with the authenticator's new credential.
  /// - Parameters:
  ///   - flowID: The flow `passkeyRegistrationOptions(accessToken:)` started.
  ///   - name: The passkey's name, as the person will see it in the list.
  ///   - credential: What the authenticator made.
  ///   - accessToken: A valid access token of the same account.
  /// - Returns: The passkey as the server keeps it.
  /// - Throws: `.refused(.invalidPasskey)`, `.refused(.passkeyExists)`,
  ///   `.refused(.flowExpired)`, `.refused(.invalidInput(.name, _))`,
  ///   `.unsupported(.passkeys)` (the default), `.unavailable(_)`, …
  func finishPasskeyRegistration(
    flowID: String, name: String, credential: RegistrationResponseJSON, accessToken: String
  ) async throws(AuthFailure) -> Passkey

  /// Starts a passkey sign-in, without an account: the server's flow and the options for the
  /// authenticator (discoverable credentials: the passkey names its user).
  /// - Returns: The flow.
  /// - Throws: `.unsupported(.passkeys)` (the default), `.unavailable(_)`, …
  func passkeyAuthenticationOptions() async throws(AuthFailure) -> PasskeyAuthenticationFlow

  /// Finishes a passkey sign-in with the authenticator's assertion.
  /// - Parameters:
  ///   - flowID: The flow `passkeyAuthenticationOptions()` started.
  ///   - credential: What the authenticator signed.
  /// - Returns: The new session.
  /// - Throws: `.refused(.invalidPasskey)`, `.refused(.flowExpired)`,
  ///   `.refused(.locked(retryAfterSeconds:))`, `.unsupported(.passkeys)` (the default),
  ///   `.unavailable(_)`, …
  func finishPasskeySignIn(flowID: String, credential: AuthenticationResponseJSON)
    async throws(AuthFailure) -> UserSession

  /// The signed-in account's passkeys, oldest first.
  /// - Parameter accessToken: A valid access token.
  /// - Returns: The passkeys.
  /// - Throws: `.refused(.accessTokenRejected)`, `.unsupported(.passkeys)` (the default),
  ///   `.unavailable(_)`, …
  func passkeys(accessToken: String) async throws(AuthFailure) -> [Passkey]

  /// Renames one of the signed-in account's passkeys.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - name: Its new name.
  ///   - accessToken: A valid access token.
  /// - Returns: The renamed passkey.
  /// - Throws: `.refused(.passkeyNotFound)`, `.refused(.invalidInput(.name, _))`,
  ///   `.unsupported(.passkeys)` (the default), `.unavailable(_)`, …
  func renamePasskey(id: String, name: String, accessToken: String) async throws(AuthFailure)
    -> Passkey

  /// Removes one of the signed-in account's passkeys: it can no longer sign in. Sessions it
  /// signed in stay live.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - accessToken: A valid access token.
  /// - Throws: `.refused(.passkeyNotFound)`, `.unsupported(.passkeys)` (the default),
  ///   `.unavailable(_)`, …
  func removePasskey(id: String, accessToken: String) async throws(AuthFailure)

  /// What a failed answer to an authorized request means, in the same vocabulary: used for
  /// the app's own requests sent through ServiceUser's authorized `NetworkClient`.
  ///
  /// `.refused(.accessTokenRejected)` renews the token once and retries the request;
  /// `.refused(.sessionEnded)` ends the session; anything else leaves it alone. The default
  /// reads every `401` as a rejected token, whatever the `WWW-Authenticate` challenge says.
  /// - Parameters:
  ///   - status: The HTTP status, not 2xx.
  ///   - headers: The response's headers.
  ///   - body: The response's body.
  /// - Returns: The failure.
  func failure(ofAuthorizedStatus status: Int, headers: [String: String], body: Data)
    -> AuthFailure
}

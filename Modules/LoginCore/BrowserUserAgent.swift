import Foundation

/// The browser a sign-in page opens in: the seam between an adapter's browser sign-in
/// (OAuth's authorization code flow, RFC 6749 §4.1 with RFC 7636's PKCE) and the app.
///
/// The app gives one: on iOS an `ASWebAuthenticationSession` (ServiceUserOIDC's *Sign-in
/// flows* article shows one; not compiled here), on a desktop or in a terminal
/// ServiceUserOIDC's `LoopbackUserAgent`, which opens
/// the system browser and listens on `127.0.0.1` for the answer (RFC 8252 §7.3). It never
/// shows the page in an embedded web view (RFC 8252 §8.12): the system browser is the one
/// place the person can trust with their password.
///
/// ```swift
/// struct Fixed: BrowserUserAgent {          // a test's browser: always says yes
///   let redirectURI = URL(string: "myapp://callback")!
///   func authorize(_ url: URL) async throws(AuthFailure) -> URL {
///     URL(string: "myapp://callback?code=c&state=…")!
///   }
/// }
/// ```
public protocol BrowserUserAgent: Sendable {
  /// Where the provider sends the browser back: a loopback `http://127.0.0.1:<port>/…`
  /// address or the app's own scheme, registered for the client at the provider.
  var redirectURI: URL { get }

  /// Shows the provider's sign-in page at `url` and waits for the browser to come back.
  ///
  /// The address is a capability until the sign-in ends: its `state`, `nonce` and PKCE
  /// challenge let whoever reads it finish or abort the sign-in as someone else (an
  /// end-session address carries the ID token). Show it on the person's own screen, but never
  /// put it where another local user can read it: a command line, a world-readable file, a
  /// loopback address anyone may fetch. Take only the answer that carries its `state` back.
  /// - Parameter url: The authorization request's address.
  /// - Returns: The whole URL the browser was sent back to, query included.
  /// - Throws: `.refused(.signInCancelled)` when the person closed the page or the calling
  ///   task was cancelled, `.refused(.signInExpired)` past the agent's time limit.
  func authorize(_ url: URL) async throws(AuthFailure) -> URL

  /// OpenID Connect's `prompt` for sign-ins through this browser: `"login"` asks the person
  /// to sign in again rather than reuse the provider's browser session (after a sign-out,
  /// or to switch accounts), `"select_account"` to choose one. `nil` by default.
  var prompt: String? { get }

  /// Who is expected to sign in (`login_hint`), to fill in the provider's form; `nil` by
  /// default.
  var loginHint: String? { get }
}

extension BrowserUserAgent {
  /// No `prompt`: the provider decides (it may reuse its browser session).
  public var prompt: String? { nil }

  /// No `login_hint`.
  public var loginHint: String? { nil }
}

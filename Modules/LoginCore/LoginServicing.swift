import UserModel

/// The service calls the login logic makes: exactly the ServiceUserLogin operations it needs,
/// plus the session change stream and the last signed-in identifier.
///
/// It lives here, in the interface module, so LoginLogicControl links neither NetworkClient
/// nor SQLite. `ServiceUser` conforms (ServiceUserLogin); tests pass a small hand-written fake
/// instead, so every flow runs without a network or a database.
///
/// The service states the app's identifier rule and credential rules, and the logic controls
/// and their forms read them from here: an app gives each once, to its `ServiceUser`.
public protocol LoginServicing: Sendable {
  /// What a person signs in with: the rule the service checks and normalises identifiers
  /// with, which the logic controls and the forms use too.
  var identifierRule: IdentifierRule { get }

  /// The app's password and name rules: the ones the service checks a sign-up with, which
  /// the sign-up control and form use too. `CredentialRules.default` unless the service says.
  var credentialRules: CredentialRules { get }

  /// Restores the stored session and validates it with the server.
  /// - Returns: What the launch check found.
  func restoreSession() async -> RestoreOutcome

  /// Signs in with an identifier and a password (request, account row, last identifier,
  /// session).
  /// - Parameters:
  ///   - identifier: What the person signs in with, already normalised by the app's
  ///     `IdentifierRule`.
  ///   - password: The password as typed.
  /// - Returns: The session, or a one-time-code challenge when your server asks for a
  ///   second step.
  /// - Throws: `AuthFailure` for every refusal or failure.
  func signIn(identifier: String, password: String) async throws(AuthFailure) -> SignInOutcome

  /// Answers a one-time-code challenge.
  /// - Parameters:
  ///   - code: The code the user typed.
  ///   - challenge: The challenge the code belongs to.
  /// - Returns: The new session.
  /// - Throws: `AuthFailure`, e.g. `.refused(.invalidCode(attemptsLeft:))`.
  func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession

  /// Creates an account and signs it in.
  /// - Parameter credentials: The validated sign-up form.
  /// - Returns: The new session.
  /// - Throws: `AuthFailure`, e.g. `.refused(.identifierTaken(_:))`.
  func signUp(_ credentials: SignUpCredentials) async throws(AuthFailure) -> UserSession

  /// Signs out: on the server when it can be reached, on this device always.
  /// - Returns: Whether the server confirmed that nothing of the session is left
  ///   (`.signedOut`), or why not.
  func signOut() async -> SignOutOutcome

  /// A new stream for one listener: first the signed-in state at this call
  /// (``SessionChange/initial(_:accounts:)``), then every sign-in, switch and sign-out.
  /// - Returns: The stream; it ends when the service goes away.
  func sessionChanges() -> AsyncStream<SessionChange>

  /// The identifier of the last account that signed in on this device, to pre-fill the
  /// form.
  /// - Returns: The identifier, or `nil` when nobody has signed in yet.
  func lastSignedInIdentifier() async -> String?

  /// The accounts signed in on this device, most recently active first, the active one
  /// marked.
  /// - Returns: The accounts; empty when none is signed in.
  func accounts() async -> [Account]

  /// Makes another signed-in account the active one, without asking the server: its
  /// session is checked and renewed on its next use, like a restored one.
  /// - Parameter account: One of `accounts()`.
  /// - Returns: Its session, now current.
  /// - Throws: `.refused(.unknownAccount)` when it is not signed in here (any more);
  ///   `.refused(.sessionEnded)` when its session has run its course (it is removed);
  ///   `.unsupported(.switchAccount)` for a service that keeps one account at a time.
  func switchAccount(to account: Account) async throws(AuthFailure) -> UserSession

  /// Signs one account out, like `signOut()` for that account: the active one (the most
  /// recently active of the others becomes active) or another, which stays inactive.
  /// - Parameter account: One of `accounts()`.
  /// - Returns: Like `signOut()`; `.signedOut` when it is not signed in here.
  func signOut(account: Account) async -> SignOutOutcome

  /// Signs every account out, each like `signOut()`.
  /// - Returns: `.signedOut` when the server confirmed every one; otherwise the outcome of
  ///   one that it did not confirm.
  func signOutAll() async -> SignOutOutcome

  /// Signs in in the browser through `agent`, recording the session like `signIn`.
  /// - Parameter agent: The app's browser.
  /// - Returns: The new session.
  /// - Throws: `.refused(.signInCancelled)`, `.refused(.signInDeclined)`,
  ///   `.unsupported(.browserSignIn)` (the default), …
  func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession

  /// Signs out like `signOut()`, then ends the provider's browser session through `agent`.
  /// - Parameter agent: The app's browser.
  /// - Returns: Like `signOut()`.
  func signOut(endingBrowserSessionWith agent: any BrowserUserAgent) async -> SignOutOutcome

  /// Starts a device sign-in: the code and address to show.
  /// - Returns: The sign-in in progress.
  /// - Throws: `.unsupported(.deviceSignIn)` (the default), `.unavailable(_)`, …
  func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization

  /// Waits until the person finished a device sign-in, recording the session like `signIn`.
  /// - Parameter authorization: What `startDeviceSignIn()` returned.
  /// - Returns: The new session.
  /// - Throws: `.refused(.signInDeclined)`, `.refused(.signInExpired)`,
  ///   `.refused(.signInCancelled)`, `.unsupported(.deviceSignIn)` (the default), …
  func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession

  /// Signs in with a passkey from `authenticator`, recording the session like `signIn`.
  /// - Parameter authenticator: The app's passkey authenticator.
  /// - Returns: The new session.
  /// - Throws: `.refused(.passkeyCancelled)`, `.refused(.noPasskey)`,
  ///   `.refused(.invalidPasskey)`, `.unsupported(.passkeys)` (the default), …
  func signIn(withPasskeyFrom authenticator: any PasskeyAuthenticator) async throws(AuthFailure)
    -> UserSession

  /// Adds a passkey made by `authenticator` to the signed-in account.
  /// - Parameters:
  ///   - name: Its name in the list.
  ///   - authenticator: The app's passkey authenticator.
  /// - Returns: The new passkey.
  /// - Throws: `.refused(.reauthenticationRequired)` when the server wants a fresh sign-in
  ///   first, `.refused(.passkeyCancelled)`, `.unsupported(.passkeys)` (the default), …
  func addPasskey(named name: String, using authenticator: any PasskeyAuthenticator)
    async throws(AuthFailure) -> Passkey

  /// The signed-in account's passkeys, oldest first.
  /// - Returns: The passkeys.
  /// - Throws: `.refused(.notSignedIn)`, `.unsupported(.passkeys)` (the default), …
  func passkeys() async throws(AuthFailure) -> [Passkey]

  /// Renames one of the signed-in account's passkeys.
  /// - Parameters:
  ///   - id: The passkey's id.
  ///   - name: Its new name.
  /// - Returns: The renamed passkey.
  /// - Throws: `.refused(.passkeyNotFound)`, `.unsupported(.passkeys)` (the default), …
  func renamePasskey(id: String, to name: String) async throws(AuthFailure) -> Passkey

  /// Removes one of the signed-in account's passkeys.
  /// - Parameter id: The passkey's id.
  /// - Throws: `.refused(.passkeyNotFound)`, `.unsupported(.passkeys)` (the default), …
  func removePasskey(id: String) async throws(AuthFailure)
}

/// What a service without the browser and device sign-ins answers.
extension LoginServicing {
  /// The default rules, for a service that states none.
  public var credentialRules: CredentialRules { .default }

  /// Signs out; there is no browser session to end.
  /// - Parameter agent: Not used.
  /// - Returns: `signOut()`'s outcome.
  public func signOut(endingBrowserSessionWith agent: any BrowserUserAgent) async
    -> SignOutOutcome
  {
    await signOut()
  }

  /// None: a service that keeps one account at a time lists none.
  /// - Returns: Empty.
  public func accounts() async -> [Account] { [] }

  /// Not offered: one account at a time.
  /// - Parameter account: Not used.
  /// - Throws: `.unsupported(.switchAccount)`.
  public func switchAccount(to account: Account) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.switchAccount)
  }

  /// Signs out when `account` is the signed-in one.
  /// - Parameter account: The account.
  /// - Returns: `signOut()`'s outcome, or `.signedOut` for another account.
  public func signOut(account: Account) async -> SignOutOutcome {
    account.isActive ? await signOut() : .signedOut
  }

  /// Signs out the one account.
  /// - Returns: `signOut()`'s outcome.
  public func signOutAll() async -> SignOutOutcome { await signOut() }

  /// Not offered.
  /// - Parameter agent: Not used.
  /// - Throws: `.unsupported(.browserSignIn)`.
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession
  {
    throw .unsupported(.browserSignIn)
  }

  /// Not offered.
  /// - Throws: `.unsupported(.deviceSignIn)`.
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization {
    throw .unsupported(.deviceSignIn)
  }

  /// Not offered.
  /// - Parameter authorization: Not used.
  /// - Throws: `.unsupported(.deviceSignIn)`.
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession
  {
    throw .unsupported(.deviceSignIn)
  }
}

import Foundation
import LoginCore
import UserModel
import WebAuthn

/// A scripted `LoginServicing`, to test a logic control (LoginLogicControl's controls take
/// any `LoginServicing`) without a server, a network client or a database: each call takes
/// the next scripted answer and is recorded in ``calls``. An unscripted call answers
/// `.unavailable(.serverTrouble(_:))`, so a test that forgot a script fails loudly.
///
/// ```swift
/// let service = FakeLoginService()
/// service.signInResults = [.failure(.refused(.invalidCredentials(.email)))]
/// let environment = LoginEnvironment(service: service, log: LoginEventLog())
/// let control = SignInLogicControl(environment: environment, entryPoint: .welcome)
/// await control.signIn(identifier: "ann@example.com", password: "wrong1234")?.value
/// // … then assert the delegate's calls, and `service.calls`
/// ```
@MainActor
public final class FakeLoginService: LoginServicing {
  /// One call the logic made, with what it sent.
  public enum Call: Equatable, Sendable {
    /// `restoreSession()`.
    case restoreSession
    /// `signIn(identifier:password:)`.
    case signIn(identifier: String, password: String)
    /// `verifyCode(_:for:)`, with the challenge's id.
    case verifyCode(String, challengeID: String)
    /// `signUp(_:)`.
    case signUp(SignUpCredentials)
    /// `signOut()`.
    case signOut
    /// `lastSignedInIdentifier()`.
    case lastSignedInIdentifier
    /// `signIn(with:)`, with the agent's redirect URI and `prompt`.
    case browserSignIn(redirectURI: URL, prompt: String?)
    /// `startDeviceSignIn()`.
    case startDeviceSignIn
    /// `finishDeviceSignIn(_:)`, with the user code.
    case finishDeviceSignIn(userCode: String)
    /// `switchAccount(to:)`, with the account's user id.
    case switchAccount(userID: String)
    /// `signOut(account:)`, with the account's user id.
    case signOutAccount(userID: String)
    /// `signOutAll()`.
    case signOutAll
    /// `signIn(withPasskeyFrom:)`.
    case passkeySignIn
    /// `addPasskey(named:using:)`, with the name.
    case addPasskey(name: String)
    /// `passkeys()`.
    case passkeys
    /// `renamePasskey(id:to:)`, with the id and the new name.
    case renamePasskey(id: String, name: String)
    /// `removePasskey(id:)`, with the id.
    case removePasskey(id: String)
  }

  /// The authorization address the fake's browser sign-in gives the agent.
  public static let authorizationURL = URL(string: "https://provider.example/authorize")!

  /// What `restoreSession()` answers.
  public var restoreOutcome = RestoreOutcome.notSignedIn
  /// What the next `signIn(identifier:password:)` calls answer, first first.
  public var signInResults: [Result<SignInOutcome, AuthFailure>] = []
  /// What the next `verifyCode(_:for:)` calls answer, first first.
  public var verifyResults: [Result<UserSession, AuthFailure>] = []
  /// What the next `signUp(_:)` calls answer, first first.
  public var signUpResults: [Result<UserSession, AuthFailure>] = []
  /// What the next `signIn(with:)` calls answer once the agent came back, first first.
  public var browserSignInResults: [Result<UserSession, AuthFailure>] = []
  /// What the next `startDeviceSignIn()` calls answer, first first.
  public var deviceStartResults: [Result<DeviceAuthorization, AuthFailure>] = []
  /// What the next `finishDeviceSignIn(_:)` calls answer, first first.
  public var deviceFinishResults: [Result<UserSession, AuthFailure>] = []
  /// What `signOut()` answers.
  public var signOutOutcome = SignOutOutcome.signedOut
  /// The accounts kept on this "device", most recently active first: what `accounts()`
  /// answers. The account calls and `signOut()` change it as a service does, and publish the
  /// matching changes (see `switchAccount(to:)`); a sign-in leaves it as it is. Empty by
  /// default: a service that keeps one account, whose `signOut()` publishes nothing.
  public var keptAccounts: [Account] = []
  /// What the next `switchAccount(to:)` calls answer, first first.
  public var switchResults: [Result<UserSession, AuthFailure>] = []
  /// What `signOut(account:)` answers.
  public var signOutAccountOutcome = SignOutOutcome.signedOut
  /// What `signOutAll()` answers.
  public var signOutAllOutcome = SignOutOutcome.signedOut
  /// The next `accounts()` calls each wait for one of these gates, first first (the list
  /// they answer is the one kept when they were called), to test a list that arrives late.
  public var accountsGates: [CallGate] = []
  /// How many times `accounts()` was read. A read is not one of ``calls``: they list what the
  /// logic asked the service to do.
  public internal(set) var accountsReads = 0
  /// What the next `signIn(withPasskeyFrom:)` calls answer once the authenticator signed,
  /// first first.
  public var passkeySignInResults: [Result<UserSession, AuthFailure>] = []
  /// What the next `addPasskey(named:using:)` calls answer once the authenticator made a
  /// key, first first.
  public var addPasskeyResults: [Result<Passkey, AuthFailure>] = []
  /// What the next `passkeys()` calls answer, first first.
  public var passkeysResults: [Result<[Passkey], AuthFailure>] = []
  /// What the next `renamePasskey(id:to:)` calls answer, first first.
  public var renamePasskeyResults: [Result<Passkey, AuthFailure>] = []
  /// What the next `removePasskey(id:)` calls answer, first first.
  public var removePasskeyResults: [Result<Void, AuthFailure>] = []
  /// The options the passkey sign-in hands the authenticator, as a server would send them.
  public var passkeyRequestOptions = FakeLoginService.defaultPasskeyRequestOptions
  /// The options adding a passkey hands the authenticator, as a server would send them.
  public var passkeyCreationOptions = FakeLoginService.defaultPasskeyCreationOptions
  /// The next `passkeys()` calls each wait for one of these gates, first first, to hold
  /// one list read (the one after a change, say) while the rest go on.
  public var passkeysGates: [CallGate] = []
  /// What `lastSignedInIdentifier()` answers.
  public var lastIdentifier: String?
  /// When set, every call waits for the gate before answering (a request "in flight").
  public var gate: CallGate?
  /// When set, `finishDeviceSignIn(_:)` alone waits for it: the person still on their other
  /// device while the code is shown.
  public var deviceFinishGate: CallGate?
  /// Every call made so far, in order.
  public internal(set) var calls: [Call] = []

  private nonisolated let changes: AsyncStream<SessionChange>
  private nonisolated let changesContinuation: AsyncStream<SessionChange>.Continuation

  /// What a person signs in with, as the app's service would say.
  public nonisolated let identifierRule: IdentifierRule
  /// The password and name rules, as the app's service would say.
  public nonisolated let credentialRules: CredentialRules

  /// Makes a fake with nothing scripted: restoring finds no session, signing out works.
  /// - Parameters:
  ///   - identifierRule: The app's rule, which the logic controls read from the service; an
  ///     email by default.
  ///   - credentialRules: The app's password and name rules, read the same way; the default
  ///     rules when left out.
  public init(
    identifierRule: IdentifierRule = .email, credentialRules: CredentialRules = .default
  ) {
    self.identifierRule = identifierRule
    self.credentialRules = credentialRules
    (changes, changesContinuation) = AsyncStream.makeStream(of: SessionChange.self)
  }

  /// Publishes a session change to the listener of `sessionChanges()`.
  /// - Parameter change: The change.
  public func publish(_ change: SessionChange) {
    changesContinuation.yield(change)
  }

  /// Ends the change stream, so a listener's task finishes after the published changes.
  public func finishChanges() {
    changesContinuation.finish()
  }

  /// Records the call and answers ``restoreOutcome``.
  /// - Returns: ``restoreOutcome``.
  public func restoreSession() async -> RestoreOutcome {
    calls.append(.restoreSession)
    await gate?.wait()
    return restoreOutcome
  }

  /// Records the call and answers the next of ``signInResults``.
  /// - Parameters:
  ///   - identifier: What was typed.
  ///   - password: The password typed.
  /// - Returns: The scripted outcome.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func signIn(identifier: String, password: String) async throws(AuthFailure)
    -> SignInOutcome
  {
    calls.append(.signIn(identifier: identifier, password: password))
    await gate?.wait()
    return try Self.next(&signInResults).get()
  }

  /// Records the call and answers the next of ``verifyResults``.
  /// - Parameters:
  ///   - code: The code typed.
  ///   - challenge: The challenge it answers.
  /// - Returns: The scripted session.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    calls.append(.verifyCode(code, challengeID: challenge.id))
    await gate?.wait()
    return try Self.next(&verifyResults).get()
  }

  /// Records the call and answers the next of ``signUpResults``.
  /// - Parameter credentials: The form.
  /// - Returns: The scripted session.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func signUp(_ credentials: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    calls.append(.signUp(credentials))
    await gate?.wait()
    return try Self.next(&signUpResults).get()
  }

  /// Records the call, signs the active one of ``keptAccounts`` out (as
  /// `signOut(account:)` does) and answers ``signOutOutcome``.
  /// - Returns: ``signOutOutcome``.
  public func signOut() async -> SignOutOutcome {
    calls.append(.signOut)
    await gate?.wait()
    if let active = keptAccounts.first(where: \.isActive) { removeKept(active.user.id) }
    return signOutOutcome
  }

  /// The stream ``publish(_:)`` feeds (one stream, for one listener).
  /// - Returns: The stream.
  public nonisolated func sessionChanges() -> AsyncStream<SessionChange> {
    changes
  }

  /// Records the call and answers ``lastIdentifier``.
  /// - Returns: ``lastIdentifier``.
  public func lastSignedInIdentifier() async -> String? {
    calls.append(.lastSignedInIdentifier)
    return lastIdentifier
  }

  /// Records the call, lets `agent` show ``authorizationURL`` (its failure is the answer),
  /// then answers the next of ``browserSignInResults``.
  /// - Parameter agent: The app's browser.
  /// - Returns: The scripted session.
  /// - Throws: The agent's error, the scripted error, or `.unavailable(.serverTrouble(_:))`
  ///   when nothing is scripted.
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession
  {
    calls.append(.browserSignIn(redirectURI: agent.redirectURI, prompt: agent.prompt))
    _ = try await agent.authorize(Self.authorizationURL)
    await gate?.wait()
    return try Self.next(&browserSignInResults).get()
  }

  /// Records the call and answers the next of ``deviceStartResults``.
  /// - Returns: The scripted sign-in in progress.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization {
    calls.append(.startDeviceSignIn)
    await gate?.wait()
    return try Self.next(&deviceStartResults).get()
  }

  /// Records the call and answers the next of ``deviceFinishResults``; a task cancelled
  /// while the gate held it answers `.refused(.signInCancelled)`, as a real wait does.
  /// - Parameter authorization: The sign-in in progress.
  /// - Returns: The scripted session.
  /// - Throws: The scripted error, or `.unavailable(.serverTrouble(_:))` when nothing is scripted.
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession
  {
    calls.append(.finishDeviceSignIn(userCode: authorization.userCode))
    await gate?.wait()
    await deviceFinishGate?.wait()
    if Task.isCancelled { throw .refused(.signInCancelled) }
    return try Self.next(&deviceFinishResults).get()
  }

  static func next<T>(_ results: inout [Result<T, AuthFailure>]) -> Result<T, AuthFailure> {
    results.isEmpty
      ? .failure(.unavailable(.serverTrouble("unscripted call"))) : results.removeFirst()
  }
}

import DatabaseClient
import Foundation
import LoginCore
import NetworkClient
import UserModel

/// The user's service: the server (through its `AuthRemoteAPI` adapter), the account
/// database and the session store behind one object, so one operation does its request and
/// its database work together.
///
/// Feature modules add the operations as extensions (`ServiceUserLogin` adds sign-in,
/// sign-up, the one-time code, sign-out and the launch check, and the conformance to
/// LoginCore's `LoginServicing`: without `import ServiceUserLogin` or `import LoginStack`, a
/// call such as `signIn` does not compile and the compiler names the missing import: "import
/// ServiceUserLogin (or LoginStack) to sign in"). ServiceUser itself
/// keeps the current session, renews its access token (one refresh at a time, shared by
/// every caller), and tells every listener when someone signs in or out. All of that behaves
/// the same for every adapter: the adapter only says what the server answered.
///
/// `network` is an authorized copy of the app's API client, for the app's own requests: it
/// adds the access token, renews it when the adapter judges an answer a rejection of the
/// token, and ends the session when the adapter judges that the session is over. The client
/// is given once: an adapter whose server is the app's API server (`NetworkClientBacked`,
/// as the adapter of your own server usually is) brings its own; with an OAuth provider's
/// adapter, whose server is not the app's, pass the app's client as `network:`.
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "https://api.example.com")!)
/// let service = ServiceUser(
///   remote: AppAuthAPI(network: client),   // your adapter; the API's client comes with it
///   accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
///   sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
/// Task { for await change in service.sessionChanges() { print(change) } }
/// switch await service.restoreSession() {   // from ServiceUserLogin
/// case .signedIn(let session), .offline(let session), .unverified(let session, _):
///   showHome(of: session.user.type)
/// default: showWelcome()
/// }
/// ```
public final class ServiceUser: Sendable {
  /// The server's adapter: every account operation goes through it.
  public let remote: any AuthRemoteAPI
  /// The client for the app's own authorized requests: each carries this service's access
  /// token, renewed through this service.
  public let network: NetworkClient
  /// Where the session survives a relaunch.
  package let sessionStore: any SessionStore
  /// The device's accounts, the last signed-in identifier and each user's own database.
  package let accounts: AccountDirectory
  /// The current session, its renewal, and who hears about changes.
  package let state: SessionState
  /// Revocations the server did not confirm, sent when it can next be reached.
  package let revocationQueue: RevocationQueue
  /// The clock every expiry check reads.
  package let now: @Sendable () -> Date
  /// What a person signs in with: checked and normalised before anything is sent.
  public let identifierRule: IdentifierRule
  /// The app's password and name rules: a sign-up and a new name are checked with them.
  public let credentialRules: CredentialRules
  /// Keeps sign-in, sign-up and code checks to one at a time.
  package let credentialGate = ExclusiveGate()

  /// Creates the service for an adapter whose server is also the app's API server: the
  /// adapter's client, authorized by this service, becomes `network`.
  ///
  /// Nothing is read or opened here; the parameters mean what they mean for the initializer
  /// that takes `network:`.
  /// - Parameters:
  ///   - remote: The server's adapter, e.g. your adapter, `AppAuthAPI(network: client)`.
  ///   - accountDatabaseURL: The SQLite file of the device's accounts.
  ///   - sessionStore: Where the session is kept between launches.
  ///   - userDatabasesFolder: Where each user's own database file goes.
  ///   - renewalMargin: How close to its expiry an access token is renewed before use.
  ///   - now: The clock for expiry checks.
  ///   - identifierRule: What a person signs in with; an email by default.
  ///   - credentialRules: The app's password and name rules; the default rules by default.
  public convenience init(
    remote: some AuthRemoteAPI & NetworkClientBacked, accountDatabaseURL: URL,
    sessionStore: any SessionStore, userDatabasesFolder: URL? = nil,
    renewalMargin: TimeInterval = UserSession.renewalMargin,
    now: @escaping @Sendable () -> Date = Date.init,
    identifierRule: IdentifierRule = .email,
    credentialRules: CredentialRules = .default
  ) {
    self.init(
      remote: remote, network: remote.network, accountDatabaseURL: accountDatabaseURL,
      sessionStore: sessionStore, userDatabasesFolder: userDatabasesFolder,
      renewalMargin: renewalMargin, now: now, identifierRule: identifierRule,
      credentialRules: credentialRules)
  }

  /// Creates the service with the app's API client given apart from the adapter: for an
  /// adapter whose server is not the app's (an OAuth provider's).
  ///
  /// Nothing is read or opened here: the account database opens on first use, and the
  /// stored session is read by `restoreSession()` (ServiceUserLogin).
  /// - Parameters:
  ///   - remote: The server's adapter: your own, or an OAuth provider's (`OIDCAuthAPI`).
  ///   - network: The client for the app's own API, not the adapter's. Its authorization
  ///     provider, unauthorized hook and credential check are replaced by this service's in
  ///     `network`.
  ///   - accountDatabaseURL: The SQLite file of the device's accounts (created if missing;
  ///     a file that is not a database is renamed `<name>.corrupt-<UTC time>` and replaced by
  ///     a fresh one, since its contents come back from the server with the next sign-in).
  ///   - sessionStore: Where the session is kept between launches.
  ///   - userDatabasesFolder: Where each user's own database file goes; by default the folder
  ///     of the account database.
  ///   - renewalMargin: How close to its expiry an access token is renewed before use; a
  ///     minute by default, and never more than half the lifetime of a token obtained here
  ///     (a token that lives 10 seconds is renewed in its last 5).
  ///   - now: The clock for expiry checks.
  ///   - identifierRule: What a person signs in with; an email by default.
  ///   - credentialRules: The app's password and name rules; the default rules by default.
  public init(
    remote: any AuthRemoteAPI, network: NetworkClient, accountDatabaseURL: URL,
    sessionStore: any SessionStore, userDatabasesFolder: URL? = nil,
    renewalMargin: TimeInterval = UserSession.renewalMargin,
    now: @escaping @Sendable () -> Date = Date.init,
    identifierRule: IdentifierRule = .email,
    credentialRules: CredentialRules = .default
  ) {
    let state = SessionState(
      store: sessionStore, accepts: { [remote] session in Self.issued(session, by: remote) },
      now: now, renewalMargin: renewalMargin,
      renewer: { session throws(AuthFailure) in
        Self.stamped(try await remote.refresh(session), by: remote)
      })
    self.remote = remote
    self.network = network.with(
      authorization: SessionAuthorization(state: state),
      onUnauthorized: { _ in
        // Only the session the refused request was made with ends: another account may be
        // current by now, and nothing of it was judged.
        if let token = AuthorizationContext.rejectedToken {
          _ = await state.judgeRefusal(of: token)
        } else {
          _ = await state.endSession(SignOutReason.revoked)
        }
      },
      rejectsCredentials: Self.credentialCheck(for: remote, state: state))
    self.sessionStore = sessionStore
    self.accounts = AccountDirectory(
      databaseURL: accountDatabaseURL,
      userDatabasesFolder: userDatabasesFolder ?? accountDatabaseURL.deletingLastPathComponent(),
      now: now)
    self.state = state
    self.revocationQueue = RevocationQueue(
      folder: Self.revocationFolder(store: sessionStore, accountDatabaseURL: accountDatabaseURL))
    self.now = now
    self.identifierRule = identifierRule
    self.credentialRules = credentialRules
  }

  /// The signed-in session, or `nil` when no one is signed in (or nothing was restored yet).
  public var currentSession: UserSession? {
    get async { await state.session }
  }

  /// A new stream of session changes for one listener: first
  /// ``/LoginCore/SessionChange/initial(_:accounts:)`` with the signed-in user (or `nil`)
  /// and the kept accounts at this call, then every sign-in, restore, switch and sign-out
  /// from this call on (<doc:SeveralAccounts>). The stream ends when the
  /// listener stops iterating or the service goes away. Changes are delivered on no
  /// particular queue or actor. With a store that can be watched (`SessionStoreWatching`,
  /// such as `FileSessionStore`), another process's sign-in, switch and sign-out in that
  /// store are reported too, within about a second; its renewals are taken up without a
  /// change.
  /// - Returns: The listener's own stream.
  public func sessionChanges() -> AsyncStream<SessionChange> {
    let stream = state.broadcaster.subscribe()
    state.followStore()
    return stream
  }

  /// The identifier of the last account that signed in on this device, to pre-fill the
  /// form.
  /// - Returns: The identifier, or `nil` when no one has signed in yet or the account
  ///   database cannot be read.
  public func lastSignedInIdentifier() async -> String? {
    try? accounts.lastSignedInIdentifier()
  }

  /// The accounts that have signed in on this device, most recent first.
  /// - Returns: The accounts, or an empty list when the account database cannot be read.
  public func knownAccounts() async -> [User] {
    (try? accounts.accounts()) ?? []
  }

  /// The user's own database: a separate SQLite file per account, for that user's data.
  /// - Parameter userID: The id of an account that has signed in on this device.
  /// - Returns: The open database (one shared connection per user for this service).
  /// - Throws: `.refused(.unknownAccount)` for an id never seen here;
  ///   `.refused(.updateRequired)` when a newer version of the app wrote the account
  ///   database; `.unavailable(.storage(_:))` when a file cannot be opened.
  public func userDatabase(for userID: String) async throws(AuthFailure) -> Database {
    try accounts.userDatabase(for: userID)
  }
}

extension ServiceUser {
  /// `session` with the adapter's identity recorded in it (`AuthRemoteAPI.sessionIssuer`);
  /// unchanged when the adapter names none.
  /// - Parameters:
  ///   - session: A session the adapter issued.
  ///   - remote: The adapter.
  /// - Returns: The session to keep.
  package static func stamped(_ session: UserSession, by remote: any AuthRemoteAPI)
    -> UserSession
  {
    guard let issuer = remote.sessionIssuer else { return session }
    var stamped = session
    stamped.issuer = issuer
    return stamped
  }

  /// Whether `session` may go to this service's adapter: it was issued by the adapter's
  /// identity, or one of the two names none (a session kept before identities were
  /// recorded is adopted by the first adapter that reads it, and recorded then).
  /// - Parameter session: A session, typically the stored one.
  /// - Returns: `false` for a session recorded for another identity.
  package func wasIssuedHere(_ session: UserSession) -> Bool {
    Self.issued(session, by: remote)
  }

  /// Whether `session` may go to `remote` (`wasIssuedHere(_:)`), without the service.
  static func issued(_ session: UserSession, by remote: any AuthRemoteAPI) -> Bool {
    guard let issuer = session.issuer, let here = remote.sessionIssuer else { return true }
    return issuer == here
  }
}

import DatabaseClient
import Foundation
import NetworkClient
import UserModel

/// The user's service: the network client, the account database and the session store
/// behind one object, so one operation does its request and its database work together.
///
/// Feature modules add the operations as extensions (`ServiceUserLogin` adds sign-in,
/// sign-up, the one-time code, sign-out and the launch check). ServiceUser itself keeps the
/// current session, renews its access token for the network client, and tells every
/// listener when someone signs in or out.
///
/// Construction needs no wiring: pass a plain `NetworkClient` and the service derives its
/// own authorized copy (`network`) whose authorization provider is this service's session and
/// whose unauthorized hook ends the session with `.revoked` when the server refuses the token
/// with API.md's error body (a bare 401 from a proxy keeps it). The refresh call goes through
/// the plain client.
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let service = ServiceUser(
///   network: client,
///   accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
///   sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
/// Task { for await change in service.sessionChanges() { print(change) } }
/// switch await service.restoreSession() { ... }   // from ServiceUserLogin
/// ```
public final class ServiceUser: Sendable {
  /// The network client every operation of this service sends its requests through; its
  /// authorized requests carry this service's access token.
  package let network: NetworkClient
  /// The same client without authorization, for calls that must not carry a token.
  package let plainNetwork: NetworkClient
  /// Where the session survives a relaunch.
  package let sessionStore: any SessionStore
  /// The device's accounts, the last signed-in email and each user's own database.
  package let accounts: AccountDirectory
  /// The current session, its renewal, and who hears about changes.
  package let state: SessionState
  /// The clock every expiry check reads.
  package let now: @Sendable () -> Date
  /// Keeps sign-in, sign-up and code checks to one at a time.
  package let credentialGate = ExclusiveGate()

  /// Creates the service.
  ///
  /// Nothing is read or opened here: the account database opens on first use, and the
  /// stored session is read by `restoreSession()` (ServiceUserLogin).
  /// - Parameters:
  ///   - network: The client for the API. Its own authorization provider and unauthorized
  ///     hook, if any, are replaced by this service's in the copy the service uses.
  ///   - accountDatabaseURL: The SQLite file of the device's accounts (created if missing;
  ///     a file that is not a database is renamed `<name>.corrupt-<UTC time>` and replaced by
  ///     a fresh one, since its contents come back from the server with the next sign-in).
  ///   - sessionStore: Where the session is kept between launches.
  ///   - userDatabasesFolder: Where each user's own database file goes; by default the folder
  ///     of the account database.
  ///   - renewalMargin: How close to its expiry an access token is renewed before use; a
  ///     minute by default.
  ///   - now: The clock for expiry checks.
  public init(
    network: NetworkClient, accountDatabaseURL: URL, sessionStore: any SessionStore,
    userDatabasesFolder: URL? = nil, renewalMargin: TimeInterval = UserSession.renewalMargin,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    let plain = network.with(authorization: nil, onUnauthorized: nil)
    let state = SessionState(
      store: sessionStore, now: now, renewalMargin: renewalMargin,
      renewer: { refreshToken throws(RenewalFailure) in
        try await Self.refreshSession(refreshToken, on: plain)
      })
    self.plainNetwork = plain
    self.network = network.with(
      authorization: state,
      onUnauthorized: { refusal in
        // A refused refresh has ended the session already; a `token_expired` that reaches
        // the hook means the renewal could not be done now (server trouble): keep it. A 401
        // without API.md's error body came from something else (a proxy, a captive portal),
        // not from the server judging the token: keep the session too.
        guard let server = refusal.serverError, server.code != "token_expired" else { return }
        await state.endSession(.revoked)
      })
    self.sessionStore = sessionStore
    self.accounts = AccountDirectory(
      databaseURL: accountDatabaseURL,
      userDatabasesFolder: userDatabasesFolder ?? accountDatabaseURL.deletingLastPathComponent(),
      now: now)
    self.state = state
    self.now = now
  }

  /// The signed-in session, or `nil` when no one is signed in (or nothing was restored yet).
  public var currentSession: UserSession? {
    get async { await state.session }
  }

  /// A new stream of session changes for one listener: every sign-in, restore and sign-out
  /// from this call on. The stream ends when the listener stops iterating or the service
  /// goes away. Changes are delivered on no particular queue or actor.
  /// - Returns: The listener's own stream.
  public func sessionChanges() -> AsyncStream<SessionChange> {
    state.broadcaster.subscribe()
  }

  /// The email of the last account that signed in on this device, to pre-fill the form.
  /// - Returns: The email, or `nil` when no one has signed in yet or the account database
  ///   cannot be read.
  public func lastSignedInEmail() async -> String? {
    try? accounts.lastSignedInEmail()
  }

  /// The accounts that have signed in on this device, most recent first.
  /// - Returns: The accounts, or an empty list when the account database cannot be read.
  public func knownAccounts() async -> [User] {
    (try? accounts.accounts()) ?? []
  }

  /// The user's own database: a separate SQLite file per account, for that user's data.
  /// - Parameter userID: The id of an account that has signed in on this device.
  /// - Returns: The open database (one shared connection per user for this service).
  /// - Throws: `ServiceUserError.unknownAccount` for an id never seen here;
  ///   `ServiceUserError.accountDatabase` / `.userDatabase` when a file cannot be opened.
  public func userDatabase(for userID: String) async throws -> Database {
    try accounts.userDatabase(for: userID)
  }
}

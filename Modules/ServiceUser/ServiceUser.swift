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
/// ```swift
/// let service = ServiceUser.make(
///   baseURL: URL(string: "http://127.0.0.1:8080")!,
///   accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
///   sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
/// Task { for await change in service.sessionChanges() { print(change) } }
/// switch await service.restoreSession() { ... }   // from ServiceUserLogin
/// ```
public final class ServiceUser: Sendable {
  /// The network client every operation of this service sends its requests through.
  package let network: NetworkClient
  /// Where the session survives a relaunch.
  package let sessionStore: any SessionStore
  /// The device's accounts, the last signed-in email and each user's own database.
  package let accounts: AccountDirectory
  /// The current session, its renewal, and who hears about changes.
  package let state: SessionState
  /// The clock every expiry check reads.
  package let now: @Sendable () -> Date

  /// Creates the service.
  ///
  /// Nothing is read or opened here: the account database opens on first use, and the
  /// stored session is read by `restoreSession()` (ServiceUserLogin). Connect the network
  /// client's authorization provider to this service (see `make(baseURL:...)`, which does it).
  /// - Parameters:
  ///   - network: The client for the API; its authorization provider should be this service.
  ///   - accountDatabaseURL: The SQLite file of the device's accounts (created if missing).
  ///   - sessionStore: Where the session is kept between launches.
  ///   - userDatabasesFolder: Where each user's own database file goes; by default the folder
  ///     of the account database.
  ///   - now: The clock for expiry checks.
  public init(
    network: NetworkClient, accountDatabaseURL: URL, sessionStore: any SessionStore,
    userDatabasesFolder: URL? = nil, now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.network = network
    self.sessionStore = sessionStore
    self.accounts = AccountDirectory(
      databaseURL: accountDatabaseURL,
      userDatabasesFolder: userDatabasesFolder ?? accountDatabaseURL.deletingLastPathComponent())
    self.state = SessionState(store: sessionStore, now: now)
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
    try? await accounts.lastSignedInEmail()
  }

  /// The user's own database: a separate SQLite file per account, for that user's data.
  /// - Parameter userID: The id of an account that has signed in on this device.
  /// - Returns: The open database (one shared connection per user for this service).
  /// - Throws: `ServiceUserError.unknownAccount` for an id never seen here;
  ///   `ServiceUserError.accountDatabase` / `.userDatabase` when a file cannot be opened.
  public func userDatabase(for userID: String) async throws -> Database {
    try await accounts.userDatabase(for: userID)
  }
}

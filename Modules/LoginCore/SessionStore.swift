import UserModel

/// Persists the session between launches: ServiceUser's `FileSessionStore` (the default on
/// Linux) or `KeychainSessionStore` (Apple platforms), or LoginTesting's
/// `InMemorySessionStore` in tests.
///
/// It lives in LoginCore, below the database and the network, so that fakes and an app's
/// logic tests name it without linking SQLite or libcurl.
///
/// A store fails with the stack's one failure, `AuthFailure`, in three cases:
/// - `.unavailable(.sessionUnreadable(why))`: a stored session exists but cannot be read or
///   decoded now; it is left in place.
/// - `.refused(.updateRequired)`: the stored session was written by a newer release, in a
///   format this one cannot read; only updating the app helps.
/// - `.unavailable(.storage(why))`: the session could not be written or removed (or the
///   lock taken); the one stored before is still in place.
///
/// "No stored session" and "a stored session that cannot be read" are different answers:
/// the first is `nil`, the second a thrown failure. A store never reports an unreadable
/// session as `nil`, so a broken store is never mistaken for a sign-out.
///
/// Every store states `exclusively(_:)`: a store no other process shares writes it in one
/// line, and a store shared between processes takes its lock there.
///
/// ```swift
/// struct KeychainStore: SessionStore {
///   func load() throws(AuthFailure) -> UserSession? {
///     guard let data = try keychainItem() else { return nil }
///     guard let session = decode(data) else {
///       throw .unavailable(.sessionUnreadable("the Keychain item is damaged"))
///     }
///     return session
///   }
///   func save(_ session: UserSession) throws(AuthFailure) { … }
///   func clear() throws(AuthFailure) { … }
///   // Used by one process only: nothing to lock.
///   func exclusively<T: Sendable>(
///     _ body: @Sendable () async throws(AuthFailure) -> T
///   ) async throws(AuthFailure) -> T { try await body() }
/// }
/// ```
public protocol SessionStore: Sendable {
  /// Reads the stored session.
  /// - Returns: The stored session, or `nil` when none is stored (signed out).
  /// - Throws: `.unavailable(.sessionUnreadable(_:))` when a stored session exists but cannot
  ///   be read or decoded; `.refused(.updateRequired)` when a newer release wrote it.
  func load() throws(AuthFailure) -> UserSession?

  /// Stores a session, replacing the one stored before, all or nothing.
  /// - Parameter session: The session to keep.
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be written; the previous one is
  ///   kept then.
  func save(_ session: UserSession) throws(AuthFailure)

  /// Removes the stored session; succeeds when none is stored.
  /// - Throws: `.unavailable(.storage(_:))` when it cannot be removed.
  func clear() throws(AuthFailure)

  /// Runs `body` while no other process (or app extension) sharing this store runs its
  /// own: ServiceUser renews a session inside it, re-reading the store first, so processes
  /// that share a session spend its refresh token once. The lock is held only around the
  /// exchange. There is no default, so a store never loses its lock by a signature that
  /// no longer matches: a store of one process writes
  /// `{ try await body() }`; `FileSessionStore` locks a file beside the session.
  /// - Parameter body: The work to do alone.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; `.unavailable(.storage(_:))` when the lock cannot be
  ///   taken.
  func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T
}

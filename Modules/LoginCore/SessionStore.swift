import UserModel

/// Persists the session between launches: ServiceUser's `FileSessionStore` (the default on
/// Linux) or `KeychainSessionStore` (Apple platforms), or LoginTesting's
/// `InMemorySessionStore` in tests.
///
/// It lives in LoginCore, below the database and the network, so that fakes and an app's
/// logic tests name it without linking SQLite or libcurl.
///
/// "No stored session" and "a stored session that cannot be read" are different answers:
/// the first is `nil`, the second a thrown `SessionStoreError`. A store never reports an
/// unreadable session as `nil`, so a broken store is never mistaken for a sign-out.
///
/// ```swift
/// let store = FileSessionStore(directory: appSupport.appendingPathComponent("Session"))
/// switch Result(catching: { try store.load() }) { ... }
/// ```
public protocol SessionStore: Sendable {
  /// Reads the stored session.
  /// - Returns: The stored session, or `nil` when none is stored (signed out).
  /// - Throws: `SessionStoreError` when a stored session exists but cannot be read or decoded.
  func load() throws(SessionStoreError) -> UserSession?

  /// Stores a session, replacing the one stored before, all or nothing.
  /// - Parameter session: The session to keep.
  /// - Throws: `SessionStoreError` when it cannot be written; the previous one is kept then.
  func save(_ session: UserSession) throws(SessionStoreError)

  /// Removes the stored session; succeeds when none is stored.
  /// - Throws: `SessionStoreError` when it cannot be removed.
  func clear() throws(SessionStoreError)

  /// Runs `body` while no other process (or app extension) sharing this store runs its
  /// own: ServiceUser renews a session inside it, re-reading the store first, so processes
  /// that share a session spend its refresh token once. The lock is held only around the
  /// exchange. The default runs `body` at once (a store of one process needs no lock);
  /// `FileSessionStore` locks a file beside the session.
  /// - Parameter body: The work to do alone.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T
}

extension SessionStore {
  /// Runs `body` at once: a store used by one process needs no lock.
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  public func exclusively<T: Sendable>(_ body: @Sendable () async throws -> T) async throws
    -> T
  {
    try await body()
  }
}

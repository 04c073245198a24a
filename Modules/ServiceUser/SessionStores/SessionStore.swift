import UserModel

/// Persists the session between launches: `FileSessionStore` (the default on Linux) or
/// `KeychainSessionStore` (Apple platforms).
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
}

import Foundation
import LoginCore
import ServiceUser
import UserModel

/// A store whose first `failures` saves fail, for checking that a failed write changes
/// nothing.
public final class FailingStore: SessionStore, @unchecked Sendable {
  private let inner: FileSessionStore
  private let lock = NSLock()
  private var failuresLeft: Int

  /// Makes a store whose first `failures` saves fail.
  public init(inner: FileSessionStore, failures: Int = .max) {
    self.inner = inner
    failuresLeft = failures
  }

  /// Loads from the inner store.
  public func load() throws(AuthFailure) -> UserSession? { try inner.load() }

  /// Fails while failures are left, then saves to the inner store.
  public func save(_ session: UserSession) throws(AuthFailure) {
    let fails = lock.withLock {
      guard failuresLeft > 0 else { return false }
      failuresLeft -= 1
      return true
    }
    if fails { throw .unavailable(.storage("disk full (test)")) }
    try inner.save(session)
  }

  /// Clears the inner store.
  public func clear() throws(AuthFailure) { try inner.clear() }

  /// Runs `body` under the inner store's lock.
  public func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T { try await inner.exclusively(body) }
}

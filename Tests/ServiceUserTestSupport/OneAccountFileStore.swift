import Foundation
import LoginCore
import ServiceUser
import UserModel

/// A `FileSessionStore` seen only as a plain `SessionStore`, so ServiceUser keeps one account
/// at a time over it, as it does over an app's own store: a sign-in as another user replaces
/// the stored session and revokes it. Shared between services and processes like the file
/// store itself.
public struct OneAccountFileStore: SessionStore {
  /// The file store underneath.
  public let base: FileSessionStore

  /// A store over the folder.
  /// - Parameter directory: The session folder.
  public init(directory: URL) {
    base = FileSessionStore(directory: directory)
  }

  /// The active session.
  public func load() throws(AuthFailure) -> UserSession? { try base.load() }

  /// Stores `session` as the active one.
  public func save(_ session: UserSession) throws(AuthFailure) { try base.save(session) }

  /// Removes the active session.
  public func clear() throws(AuthFailure) { try base.clear() }

  /// The file store's lock.
  public func exclusively<T: Sendable>(
    _ body: @Sendable () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    try await base.exclusively(body)
  }
}

import Foundation
import UserModel

/// The current session and everything that changes it, serialized by one actor: setting and
/// ending the session, and renewing its access token (one renewal in flight at a time).
package actor SessionState {
  /// The signed-in session, if any.
  package private(set) var session: UserSession?
  /// Hands each change to every listener.
  package nonisolated let broadcaster = SessionBroadcaster()

  private let store: any SessionStore
  private let now: @Sendable () -> Date

  init(store: any SessionStore, now: @escaping @Sendable () -> Date) {
    self.store = store
    self.now = now
  }
}

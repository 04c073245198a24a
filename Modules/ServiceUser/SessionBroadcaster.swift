import Foundation
import LoginCore
import UserModel
import WireFormat

/// Hands every session change to every listener, each through its own AsyncStream, after a
/// first element with the state at the time it subscribed.
///
/// Lock-based rather than an actor so `ServiceUser.sessionChanges()` can stay synchronous: a
/// listener is registered, and given the current state, under the same lock that publishing
/// takes, so it sees that state first and every change published afterwards, in order.
package final class SessionBroadcaster: Sendable {
  private struct State {
    var continuations: [UUID: AsyncStream<SessionChange>.Continuation] = [:]
    /// The signed-in user as the listeners last heard of it.
    var user: User?
  }

  private let state = Locked(State())

  /// A new stream whose first element is ``SessionChange/initial(_:)`` with the current user,
  /// followed by every change published after this call.
  package func subscribe() -> AsyncStream<SessionChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: SessionChange.self)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    state.withLock { state in
      state.continuations[id] = continuation
      continuation.yield(.initial(state.user))
    }
    return stream
  }

  /// Yields one change to every current listener.
  package func publish(_ change: SessionChange) {
    state.withLock { state in
      switch change {
      case .signedIn(let user): state.user = user
      case .signedOut: state.user = nil
      case .initial: return
      }
      for continuation in state.continuations.values { continuation.yield(change) }
    }
  }

  /// Keeps the signed-in user's latest details for the next listener's first element (a
  /// profile change is no sign-in, so it is not published).
  /// - Parameter user: The user's new details; ignored unless that user is signed in.
  package func update(_ user: User) {
    state.withLock { state in
      if state.user?.id == user.id { state.user = user }
    }
  }

  deinit {
    for continuation in state.value.continuations.values { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    state.withLock { _ = $0.continuations.removeValue(forKey: id) }
  }
}

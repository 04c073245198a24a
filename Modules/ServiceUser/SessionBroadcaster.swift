import Foundation
import LoginCore
import UserModel
import WireFormat

/// Hands every session change to every listener, each through its own AsyncStream, after a
/// first element with the state at the time it subscribed.
///
/// Lock-based rather than an actor so `ServiceUser.sessionChanges()` can stay synchronous: a
/// listener is registered, and given the current state, under the same lock that publishing
/// takes (`delivery`), so it sees that state first and every change published afterwards,
/// in order.
///
/// Two locks, because a listener's task may be cancelled at any moment: Swift then runs the
/// stream's termination handler (`remove(_:)`) while it holds that task's own lock, and a
/// yield to a waiting listener takes the same task lock. So `state` is never held across a
/// yield: the handler needs only `state`, and a publisher holds only `delivery` while it
/// yields.
package final class SessionBroadcaster: Sendable {
  private struct State {
    var continuations: [UUID: AsyncStream<SessionChange>.Continuation] = [:]
    /// The signed-in user as the listeners last heard of it.
    var user: User?
    /// The accounts kept, as the listeners' next first element lists them.
    var accounts: [Account] = []
    /// Whether the store is followed for other processes' changes: from the first listener
    /// on, one follower per state, until the last listener leaves.
    var following = false
    /// Bumped by every claim and every stop, so a follower kept late is known as stale.
    var followerClaim = 0
    /// The task following the store, cancelled when the last listener leaves or this
    /// broadcaster (its state) goes away.
    var follower: Task<Void, Never>?
  }

  private let state = Locked(State())
  /// Held while yielding, so changes reach every listener in the order they were published.
  private let delivery = Locked(())

  /// A new stream whose first element is ``SessionChange/initial(_:accounts:)`` with the
  /// current user and accounts, followed by every change published after this call.
  package func subscribe() -> AsyncStream<SessionChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: SessionChange.self)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    delivery.withLock { _ in
      let first = state.withLock { state in
        state.continuations[id] = continuation
        return SessionChange.initial(state.user, accounts: state.accounts)
      }
      continuation.yield(first)
    }
    return stream
  }

  /// Yields one change to every current listener.
  /// - Parameters:
  ///   - change: The change.
  ///   - accounts: The accounts after it, for the next listener's first element; `nil`
  ///     keeps the list as it was.
  package func publish(_ change: SessionChange, accounts: [Account]? = nil) {
    delivery.withLock { _ in
      let listeners = state.withLock { state -> [AsyncStream<SessionChange>.Continuation] in
        if let accounts { state.accounts = accounts }
        switch change {
        case .signedIn(let user), .switched(let user): state.user = user
        case .signedOut: state.user = nil
        case .accountRemoved: break
        case .initial: return []
        }
        return Array(state.continuations.values)
      }
      for continuation in listeners { continuation.yield(change) }
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

  /// Keeps the accounts for the next listener's first element, without a change to publish
  /// (the accounts read from the store at a launch check, a new last-active time).
  /// - Parameter accounts: The accounts kept now.
  package func update(accounts: [Account]) {
    state.withLock { $0.accounts = accounts }
  }

  /// Claims the one follower of the store.
  /// - Returns: The claim to keep the follower with, or `nil` when one follows already.
  package func claimFollower() -> Int? {
    state.withLock { state in
      guard !state.following else { return nil }
      state.following = true
      state.followerClaim += 1
      return state.followerClaim
    }
  }

  /// Keeps the follower's task, to cancel it when the last listener leaves or the service
  /// goes away; cancels it at once when its claim ended meanwhile (all listeners left).
  /// - Parameters:
  ///   - task: The task reading the store's changes.
  ///   - claim: What `claimFollower()` returned.
  package func keepFollower(_ task: Task<Void, Never>, claim: Int) {
    let stale = state.withLock { state in
      guard state.following, state.followerClaim == claim else { return true }
      state.follower = task
      return false
    }
    // Outside the lock: cancelling ends the store's stream, which runs its handler.
    if stale { task.cancel() }
  }

  deinit {
    let state = state.value
    state.follower?.cancel()
    for continuation in state.continuations.values { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    let follower: Task<Void, Never>? = state.withLock { state in
      state.continuations.removeValue(forKey: id)
      guard state.continuations.isEmpty, state.following else { return nil }
      state.following = false
      state.followerClaim += 1
      defer { state.follower = nil }
      return state.follower
    }
    // Outside the lock, as in `keepFollower(_:claim:)`.
    follower?.cancel()
  }
}

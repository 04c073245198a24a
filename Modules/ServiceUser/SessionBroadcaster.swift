import Foundation
import LoginCore

/// Hands every session change to every listener, each through its own AsyncStream.
///
/// Lock-based rather than an actor so `ServiceUser.sessionChanges()` can stay synchronous:
/// a listener that subscribes is registered before the call returns, and so sees every
/// change published afterwards.
package final class SessionBroadcaster: @unchecked Sendable {
  private let lock = NSLock()
  private var continuations: [UUID: AsyncStream<SessionChange>.Continuation] = [:]

  /// A new stream that receives every change published after this call.
  package func subscribe() -> AsyncStream<SessionChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: SessionChange.self)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    lock.withLock { continuations[id] = continuation }
    return stream
  }

  /// Yields one change to every current listener.
  package func publish(_ change: SessionChange) {
    let current = lock.withLock { Array(continuations.values) }
    for continuation in current { continuation.yield(change) }
  }

  deinit {
    for continuation in continuations.values { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    _ = lock.withLock { continuations.removeValue(forKey: id) }
  }
}

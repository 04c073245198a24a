import Foundation
import LoginCore
import WireFormat

/// Hands every session change to every listener, each through its own AsyncStream.
///
/// Lock-based rather than an actor so `ServiceUser.sessionChanges()` can stay synchronous:
/// a listener that subscribes is registered before the call returns, and so sees every
/// change published afterwards.
package final class SessionBroadcaster: Sendable {
  private let continuations = Locked<[UUID: AsyncStream<SessionChange>.Continuation]>([:])

  /// A new stream that receives every change published after this call.
  package func subscribe() -> AsyncStream<SessionChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: SessionChange.self)
    let id = UUID()
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    continuations.withLock { $0[id] = continuation }
    return stream
  }

  /// Yields one change to every current listener.
  package func publish(_ change: SessionChange) {
    let current = continuations.withLock { Array($0.values) }
    for continuation in current { continuation.yield(change) }
  }

  deinit {
    for continuation in continuations.value.values { continuation.finish() }
  }

  private func remove(_ id: UUID) {
    continuations.withLock { _ = $0.removeValue(forKey: id) }
  }
}

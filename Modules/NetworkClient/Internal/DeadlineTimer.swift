import Dispatch
import Foundation
import WireFormat

/// Runs actions at deadlines, for request timeouts. One dispatch timer serves every pending
/// deadline of a transport: creating a timer (or a sleeping task) per request costs more CPU
/// than the rest of the client's work on a request together.
///
/// Deadlines sit in a min-heap (`DeadlineHeap`); cancelled ones are dropped lazily, and the
/// heap is compacted when most of it is cancelled, so a steady stream of requests that finish
/// in time keeps it small and never wakes the timer.
// @unchecked: the dispatch timer is thread-safe but not declared Sendable; `pending` is locked.
final class DeadlineTimer: @unchecked Sendable {
  private let pending = Locked(DeadlineHeap())
  private let timer: any DispatchSourceTimer

  init() {
    timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "NetworkClient.timeouts"))
    timer.setEventHandler { [weak self] in self?.fire() }
    timer.schedule(deadline: .distantFuture)
    timer.activate()
  }

  deinit {
    timer.cancel()
  }

  /// Runs `action` once `delay` has passed, unless `cancel` is called first.
  /// - Returns: the token for `cancel`.
  func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> UInt64 {
    let nanoseconds = max(0, min(delay.seconds * 1e9, 1e15))
    let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(nanoseconds)
    return pending.withLock { heap in
      let id = heap.insert(action, at: deadline)
      if deadline < heap.armedAt { arm(deadline, in: &heap) }
      return id
    }
  }

  /// Forgets the action of `token`; it will not run.
  func cancel(_ token: UInt64) {
    pending.withLock { $0.cancel(token) }
  }

  private func fire() {
    let due = pending.withLock { heap in
      let due = heap.removeDue(at: DispatchTime.now().uptimeNanoseconds)
      heap.armedAt = .max
      if let next = heap.earliest { arm(next, in: &heap) }
      return due
    }
    for action in due { action() }
  }

  /// Sets the timer for `deadline`; called with the lock held, so arming follows the heap.
  private func arm(_ deadline: UInt64, in heap: inout DeadlineHeap) {
    heap.armedAt = deadline
    timer.schedule(
      deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
  }
}

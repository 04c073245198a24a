import Dispatch
import Foundation

/// Runs actions at deadlines, for request timeouts. One dispatch timer serves every pending
/// deadline of a transport: creating a timer (or a sleeping task) per request costs more CPU
/// than the rest of the client's work on a request together.
///
/// Deadlines sit in a min-heap; cancelled ones are dropped lazily, and the heap is compacted
/// when most of it is cancelled, so a steady stream of requests that finish in time keeps it
/// small and never wakes the timer.
final class DeadlineTimer: @unchecked Sendable {
  private struct Entry {
    var deadline: UInt64
    var id: UInt64
  }

  private let lock = NSLock()
  private var heap: [Entry] = []
  private var actions: [UInt64: @Sendable () -> Void] = [:]
  private var nextID: UInt64 = 0
  private var armedAt = UInt64.max
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
    lock.lock()
    defer { lock.unlock() }
    let id = nextID
    nextID += 1
    actions[id] = action
    push(Entry(deadline: deadline, id: id))
    if deadline < armedAt { arm(deadline) }
    return id
  }

  /// Forgets the action of `token`; it will not run.
  func cancel(_ token: UInt64) {
    lock.lock()
    defer { lock.unlock() }
    guard actions.removeValue(forKey: token) != nil else { return }
    if heap.count > 64, heap.count > 2 * actions.count { compact() }
  }

  private func fire() {
    var due: [@Sendable () -> Void] = []
    lock.lock()
    let now = DispatchTime.now().uptimeNanoseconds
    while let top = heap.first, top.deadline <= now || actions[top.id] == nil {
      popTop()
      if let action = actions.removeValue(forKey: top.id) { due.append(action) }
    }
    armedAt = .max
    if let next = heap.first { arm(next.deadline) }
    lock.unlock()
    for action in due { action() }
  }

  private func arm(_ deadline: UInt64) {
    armedAt = deadline
    timer.schedule(
      deadline: DispatchTime(uptimeNanoseconds: deadline), leeway: .milliseconds(1))
  }

  private func compact() {
    heap.removeAll { actions[$0.id] == nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
  }

  private func push(_ entry: Entry) {
    heap.append(entry)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].deadline < heap[parent].deadline else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private func popTop() {
    guard !heap.isEmpty else { return }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(0)
  }

  private func siftDown(_ start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var smallest = parent
      if left < heap.count, heap[left].deadline < heap[smallest].deadline { smallest = left }
      if right < heap.count, heap[right].deadline < heap[smallest].deadline { smallest = right }
      guard smallest != parent else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }
}

/// The pending deadlines of a `DeadlineTimer` and their actions: a min-heap by deadline, with
/// cancelled entries dropped lazily. Not thread-safe: the timer keeps it behind its lock.
struct DeadlineHeap {
  private struct Entry {
    var deadline: UInt64
    var id: UInt64
  }

  private var heap: [Entry] = []
  private var actions: [UInt64: @Sendable () -> Void] = [:]
  private var nextID: UInt64 = 0
  /// The deadline the dispatch timer is set for, `.max` when it is idle.
  var armedAt = UInt64.max

  /// The earliest deadline still in the heap (possibly cancelled).
  var earliest: UInt64? { heap.first?.deadline }

  /// Adds `action` at `deadline`.
  /// - Returns: the token for `cancel`.
  mutating func insert(_ action: @escaping @Sendable () -> Void, at deadline: UInt64) -> UInt64 {
    let id = nextID
    nextID += 1
    actions[id] = action
    heap.append(Entry(deadline: deadline, id: id))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child].deadline < heap[parent].deadline else { break }
      heap.swapAt(child, parent)
      child = parent
    }
    return id
  }

  /// Forgets the action of `token`, compacting the heap when most of it is cancelled.
  mutating func cancel(_ token: UInt64) {
    guard actions.removeValue(forKey: token) != nil else { return }
    if heap.count > 64, heap.count > 2 * actions.count {
      heap.removeAll { actions[$0.id] == nil }
      for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }
  }

  /// Removes and returns the actions due at `now`, dropping cancelled entries on the way.
  mutating func removeDue(at now: UInt64) -> [@Sendable () -> Void] {
    var due: [@Sendable () -> Void] = []
    while let top = heap.first, top.deadline <= now || actions[top.id] == nil {
      popTop()
      if let action = actions.removeValue(forKey: top.id) { due.append(action) }
    }
    return due
  }

  private mutating func popTop() {
    guard !heap.isEmpty else { return }
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(0)
  }

  private mutating func siftDown(_ start: Int) {
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

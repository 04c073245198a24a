/// Lets one task of this process at a time go on to a session file's `flock`, per lock file.
///
/// `flock` can only be waited for by blocking a thread. Without this queue every task of the
/// process that wants the lock would block a thread of its own meanwhile (20 concurrent
/// profile updates, 20 threads), starving the threads Swift concurrency and URLSession run
/// on, the lock holder's own work included. Here the tasks of this process wait suspended,
/// in order, and only the first of them waits in `flock`, for other processes.
actor ProcessLockQueue {
  /// The one queue of the process.
  static let shared = ProcessLockQueue()

  /// The lock files a task of this process holds or is taking.
  private var held: Set<String> = []
  /// The tasks waiting for each lock file, first come first served.
  private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

  /// Returns when the calling task is the one of this process that may take `path`'s lock.
  /// Every call must be followed by `leave(_:)` with the same path.
  /// - Parameter path: The lock file.
  func enter(_ path: String) async {
    if held.insert(path).inserted { return }
    await withCheckedContinuation { continuation in
      waiting[path, default: []].append(continuation)
    }
  }

  /// Hands `path` to the next waiting task, or frees it.
  /// - Parameter path: The lock file given to `enter(_:)`.
  func leave(_ path: String) {
    guard var queue = waiting[path], !queue.isEmpty else {
      held.remove(path)
      return
    }
    let next = queue.removeFirst()
    waiting[path] = queue.isEmpty ? nil : queue
    next.resume()
  }
}

import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One output pipe of a child, drained by a thread of its own from the start (so a child
/// never blocks on a full pipe nobody reads), kept whole, and read by the test as a stream:
/// `take` consumes from a cursor, ``all`` is everything so far.
final class ChildOutput: @unchecked Sendable {
  /// What has arrived, how much the test consumed, and whether the pipe ended.
  struct Contents {
    var bytes = Data()
    var consumed = 0
    var isClosed = false
  }

  private struct Waiter {
    let check: (inout Contents) -> Bool
    let expire: () -> Void
  }

  // Guards `contents`, `waiters` and `nextID`.
  private let lock = NSLock()
  private var contents = Contents()
  private var waiters: [Int: Waiter] = [:]
  private var nextID = 0

  /// Starts draining `descriptor`, which this object then owns and closes at end of file.
  /// - Parameters:
  ///   - descriptor: The parent's read end of the pipe.
  ///   - name: The reader thread's name.
  init(descriptor: Int32, name: String) {
    let thread = Thread { [self] in drain(descriptor) }
    thread.name = name
    thread.start()
  }

  /// Everything received so far.
  var all: Data {
    lock.withLock { contents.bytes }
  }

  /// Waits until `take` finds what it looks for, the pipe ends, or `timeout` passes.
  /// - Parameters:
  ///   - timeout: The longest wait; nil waits for the end of the pipe at most.
  ///   - take: Looks at the contents under the lock (and may move `consumed`); returns the
  ///     value once there, nil to go on waiting. It is asked once more after the pipe ends.
  /// - Returns: What `take` returned, or nil at the end of the pipe or on timeout.
  func next<Value: Sendable>(
    timeout: Duration?, _ take: @escaping @Sendable (inout Contents) -> Value?
  ) async -> Value? {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
      lock.lock()
      defer { lock.unlock() }
      if let value = take(&contents) { return continuation.resume(returning: value) }
      if contents.isClosed { return continuation.resume(returning: nil) }
      let id = nextID
      nextID += 1
      waiters[id] = Waiter(
        check: { contents in
          if let value = take(&contents) {
            continuation.resume(returning: value)
          } else if contents.isClosed {
            continuation.resume(returning: nil)
          } else {
            return false
          }
          return true
        },
        expire: { continuation.resume(returning: nil) })
      guard let timeout else { return }
      let (seconds, attoseconds) = timeout.components
      let delay = Double(seconds) + Double(attoseconds) / 1e18
      DispatchQueue.global().asyncAfter(deadline: .now() + delay) { [weak self] in
        self?.expire(id)
      }
    }
  }

  private func expire(_ id: Int) {
    let waiter = lock.withLock { waiters.removeValue(forKey: id) }
    waiter?.expire()
  }

  private func drain(_ descriptor: Int32) {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      lock.withLock {
        if count > 0 {
          contents.bytes.append(contentsOf: buffer[0..<count])
        } else {
          contents.isClosed = true
        }
        waiters = waiters.filter { !$0.value.check(&contents) }
      }
      if count <= 0 { break }
    }
    close(descriptor)
  }
}

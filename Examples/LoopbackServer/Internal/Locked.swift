import Foundation

/// A value guarded by a condition lock, so several threads (the accept thread, the connection
/// threads, handler tasks and the caller of `stop()`) can share it. An NSCondition rather than
/// `Synchronization.Mutex` because the platform floor is macOS 13 / iOS 16.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with exclusive access to the value, then wakes every waiter.
  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    return try body(&value)
  }

  /// Blocks until `predicate` holds or `deadline` (nil: never) passes; returns whether it
  /// held. `wait()` rather than a far deadline: corelibs Foundation traps converting
  /// `Date.distantFuture` to a timespec.
  func wait(until deadline: Date?, for predicate: (Value) -> Bool) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while !predicate(value) {
      guard let deadline else {
        condition.wait()
        continue
      }
      if !condition.wait(until: deadline) {
        return predicate(value)
      }
    }
    return true
  }
}

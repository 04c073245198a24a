import Foundation

/// A value reachable only while holding a recursive lock.
///
/// Recursive, so that a closure already holding the lock (inside `Database.transaction`) can
/// call back into the same `Database` on the same thread and join the work in progress instead
/// of deadlocking. `NSRecursiveLock` rather than `Mutex`, which needs iOS 18 / macOS 15.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSRecursiveLock()
  private let value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<R, E: Error>(_ body: (Value) throws(E) -> R) throws(E) -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(value)
  }
}

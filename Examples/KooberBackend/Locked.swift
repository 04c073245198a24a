import Foundation

/// A value behind a lock, for the backend's in-memory tables (attempts in flight, hashing
/// slots). An `NSLock` rather than `Synchronization.Mutex` because the platform floor is
/// macOS 13 / iOS 16.
final class Locked<Value>: @unchecked Sendable {
  // Guarded by `lock`; the class is Sendable because every access takes it.
  private let lock = NSLock()
  private var value: Value

  /// Wraps a value.
  /// - Parameter value: the starting value.
  init(_ value: Value) {
    self.value = value
  }

  /// Runs `body` with the value, holding the lock throughout, so what `body` reads and
  /// writes is one step for every other caller.
  /// - Parameter body: the work; it must not call back into this lock.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws.
  func withLock<R, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

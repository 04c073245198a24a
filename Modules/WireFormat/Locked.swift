import Foundation

/// A value behind a lock, for state shared between threads and callbacks that are not async
/// (URLSession handlers, cancellation handlers, connection threads, test fakes).
///
/// The package's one lock: an `NSLock` (or, as asked, a recursive lock or a condition) inside,
/// because `Synchronization.Mutex` needs iOS 18 / macOS 15 and the floor is iOS 16 / macOS 13.
///
/// It is `Sendable` only when its value is, as NIO's `NIOLockedValueBox`: a lock makes access
/// one at a time, but it cannot make a non-`Sendable` value safe to hand to another thread.
/// The one deliberate exception, a value confined by design, is `UncheckedLocked` (package
/// access: for the package's own modules only).
///
/// ```swift
/// let hits = Locked(0)
/// hits.withLock { $0 += 1 }
/// let count = hits.value
/// ```
public final class Locked<Value> {
  /// How the lock behaves when it is taken again or waited on.
  public enum Kind: Sendable {
    /// An `NSLock`: taking it again on the same thread deadlocks.
    case plain
    /// An `NSRecursiveLock`: a `withLockedValue` body may call `withLockedValue` again on the
    /// same thread (a database transaction that calls back into its own database). Re-enter
    /// through `withLockedValue` only: two nested `withLock`s would change one value twice at
    /// once, which Swift's exclusivity checks stop.
    case recursive
    /// An `NSCondition`: every `withLock` wakes the callers of `wait(until:for:)`.
    case waitable
  }

  // Every access to `stored` holds `lock`, which is what makes the class Sendable (for a
  // Sendable value).
  private let lock: any NSLocking
  private let condition: NSCondition?
  private var stored: Value

  /// Wraps a value.
  /// - Parameters:
  ///   - value: The starting value.
  ///   - kind: The lock inside; `.plain` unless the value is re-entered or waited on.
  public init(_ value: Value, kind: Kind = .plain) {
    stored = value
    switch kind {
    case .plain:
      lock = NSLock()
      condition = nil
    case .recursive:
      lock = NSRecursiveLock()
      condition = nil
    case .waitable:
      let made = NSCondition()
      lock = made
      condition = made
    }
  }

  /// Runs `body` with exclusive access to the value, so what it reads and writes is one step
  /// for every other caller; with `.waitable`, wakes every waiter afterwards.
  /// - Parameter body: The work; unless the lock is `.recursive` it must not call back into
  ///   this lock.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public func withLock<Result, Failure: Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer {
      condition?.broadcast()
      lock.unlock()
    }
    return try body(&stored)
  }

  /// Runs `body` with a copy of the value, holding the lock throughout: for a value that is a
  /// reference to shared state (a database connection), and for re-entering a `.recursive`
  /// lock, since the copy is taken before `body` runs and no access to the value stays open.
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  public func withLockedValue<Result, Failure: Error>(
    _ body: (Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    lock.lock()
    defer {
      condition?.broadcast()
      lock.unlock()
    }
    let current = stored
    return try body(current)
  }

  /// A copy of the value, read under the lock.
  public var value: Value {
    withLockedValue { $0 }
  }

  /// Blocks until `predicate` holds or `deadline` (`nil`: never) passes. Only a `.waitable`
  /// lock is woken by changes; any other kind answers `predicate` once, without waiting.
  /// - Parameters:
  ///   - deadline: The latest time to wait until, or `nil` to wait as long as it takes.
  ///   - predicate: What to wait for, read under the lock.
  /// - Returns: Whether `predicate` held.
  public func wait(until deadline: Date?, for predicate: (Value) -> Bool) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard let condition else { return predicate(stored) }
    while !predicate(stored) {
      // `wait()` rather than a far deadline: corelibs Foundation traps converting
      // `Date.distantFuture` to a timespec.
      guard let deadline else {
        condition.wait()
        continue
      }
      if !condition.wait(until: deadline) {
        return predicate(stored)
      }
    }
    return true
  }
}

// Every access to the value holds the lock, and the value itself may cross threads.
extension Locked: @unchecked Sendable where Value: Sendable {}

/// A value that is not `Sendable`, behind a lock, shared between threads on purpose: the
/// compiler cannot check it, so every use says why the value never escapes the lock (a
/// database's connection, used only inside `withLockedValue` and never handed out).
// Unchecked: `Value` is reached only inside `withLockedValue`, under the lock; each use says why.
package final class UncheckedLocked<Value>: @unchecked Sendable {
  private let locked: Locked<Value>

  /// Wraps a value.
  /// - Parameters:
  ///   - value: The value, which must be reached through this lock only.
  ///   - kind: The lock inside.
  package init(_ value: Value, kind: Locked<Value>.Kind = .plain) {
    locked = Locked(value, kind: kind)
  }

  /// Runs `body` with the value under the lock (see ``Locked/withLockedValue(_:)``).
  /// - Parameter body: The work; it must not keep the value after returning.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  @discardableResult
  package func withLockedValue<Result, Failure: Error>(
    _ body: (Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try locked.withLockedValue(body)
  }
}

import Foundation

/// Lets one operation of a kind run at a time: a second caller is turned away at once
/// instead of waiting (a second sign-in while one is in flight fails "already in progress").
package final class ExclusiveGate: @unchecked Sendable {
  private let lock = NSLock()
  private var busy = false

  /// Creates an open gate.
  package init() {}

  /// Enters the gate.
  /// - Returns: `false` when another operation is inside; the caller must not proceed.
  package func enter() -> Bool {
    lock.withLock {
      if busy { return false }
      busy = true
      return true
    }
  }

  /// Leaves the gate; call once after each successful `enter()`.
  package func leave() {
    lock.withLock { busy = false }
  }
}

import WireFormat

/// Lets one operation of a kind run at a time: a second caller is turned away at once
/// instead of waiting (a second sign-in while one is in flight fails "already in progress").
package final class ExclusiveGate: Sendable {
  private let busy = Locked(false)

  /// Creates an open gate.
  package init() {}

  /// Enters the gate.
  /// - Returns: `false` when another operation is inside; the caller must not proceed.
  package func enter() -> Bool {
    busy.withLock { busy in
      if busy { return false }
      busy = true
      return true
    }
  }

  /// Leaves the gate; call once after each successful `enter()`.
  package func leave() {
    busy.withLock { $0 = false }
  }
}

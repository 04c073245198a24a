import Foundation
import Testing
import WireFormat

@Suite("Locked: the package's one lock")
struct LockedTests {
  @Test("concurrent increments are each counted once")
  func exclusive() async {
    let count = Locked(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<1_000 { count.withLock { $0 += 1 } } }
      }
    }
    #expect(count.value == 8_000)
  }

  @Test("a recursive lock can be re-entered on the same thread through withLockedValue")
  func recursive() {
    let outer = Locked("db", kind: .recursive)
    let seen = outer.withLockedValue { first in
      outer.withLockedValue { second in first + second }
    }
    #expect(seen == "dbdb")
  }

  @Test("a waitable lock wakes a waiter when another thread changes the value")
  func waitable() {
    let ready = Locked(false, kind: .waitable)
    Thread.detachNewThread { ready.withLock { $0 = true } }
    #expect(ready.wait(until: Date().addingTimeInterval(30)) { $0 })
  }

  @Test("without a condition, wait answers the predicate once instead of blocking")
  func plainWaitDoesNotBlock() {
    let value = Locked(1)
    #expect(!value.wait(until: nil) { $0 == 2 })
    #expect(value.wait(until: nil) { $0 == 1 })
  }
}

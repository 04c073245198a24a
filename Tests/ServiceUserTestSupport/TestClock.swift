import Foundation

/// A moveable clock for expiry checks.
public final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  /// Makes a clock standing at `start`.
  public init(_ start: Date = Fixtures.start) {
    current = start
  }

  /// The clock's current date.
  public var now: Date { lock.withLock { current } }

  /// Moves the clock forward.
  public func advance(by seconds: TimeInterval) {
    lock.withLock { current += seconds }
  }
}

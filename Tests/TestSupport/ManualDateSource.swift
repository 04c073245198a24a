import Foundation

/// A "now" that only moves when a test moves it, for code that takes a
/// `@Sendable () -> Date` clock (e.g. `KooberBackend.Configuration.now`): expire a one-time
/// code or an access token without waiting.
///
/// ```swift
/// let clock = ManualDateSource()
/// configuration.now = { clock.now }
/// clock.advance(by: 61)   // the 60-second challenge is over
/// ```
public final class ManualDateSource: @unchecked Sendable {
  // Guarded by `lock`; Sendable because every access takes it.
  private let lock = NSLock()
  private var current: Date

  /// Creates a clock standing at `start`.
  /// - Parameter start: the first "now"; 2026-11-21T08:30:00Z by default, so expected dates
  ///   are easy to write down.
  public init(start: Date = Date(timeIntervalSince1970: 1_795_249_800)) {
    current = start
  }

  /// The current time.
  public var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return current
  }

  /// Moves the time forward (or back, with a negative interval).
  /// - Parameter seconds: how far.
  public func advance(by seconds: TimeInterval) {
    lock.lock()
    defer { lock.unlock() }
    current += seconds
  }

  /// Sets the time.
  /// - Parameter date: the new "now".
  public func set(_ date: Date) {
    lock.lock()
    defer { lock.unlock() }
    current = date
  }
}

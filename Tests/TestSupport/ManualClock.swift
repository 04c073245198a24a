import Foundation

/// A `Clock` whose time moves only when a test advances it, so a 60-second timer runs in
/// microseconds and every tick happens at a known instant.
///
/// `sleep(until:)` suspends until ``advance(by:)`` or ``advance(to:)`` reaches the deadline
/// (a deadline already reached returns at once); cancelling the sleeping task ends the sleep
/// with `CancellationError`, as a real clock does.
///
/// ```swift
/// let clock = ManualClock()
/// let timer = Task { try await clock.sleep(for: .seconds(60)) }
/// #expect(await clock.waitForSleepers(1))   // the timer is now asleep
/// clock.advance(by: .seconds(60))           // wakes it at once
/// try await timer.value
/// ```
public final class ManualClock: Clock, @unchecked Sendable {
  /// A point in the manual clock's time: how far it lies from the clock's origin.
  public struct Instant: InstantProtocol, Sendable, Hashable {
    /// The distance from the clock's origin (zero when the clock was made with defaults).
    public let offset: Duration

    /// Makes the instant that lies `offset` after the clock's origin.
    /// - Parameter offset: The distance from the origin.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later than this one.
    /// - Parameter duration: How far to move.
    /// - Returns: The moved instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The time from this instant to `other`.
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: `other` minus this instant.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Orders instants by their offset.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  // Guards every stored property below; the clock is shared by the code under test and
  // the test itself, which run on different executors.
  private let lock = NSLock()
  private var current: Instant
  private var sleepers: [Sleeper] = []
  private var nextID = 0

  /// Makes a clock standing at `now`.
  /// - Parameter now: The starting instant; the origin by default.
  public init(now: Instant = Instant(offset: .zero)) {
    current = now
  }

  /// The clock's current instant; it changes only through `advance`.
  public var now: Instant {
    lock.withLock { current }
  }

  /// Zero: the clock has no granularity of its own.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on this clock right now.
  public var sleeperCount: Int {
    lock.withLock { sleepers.count }
  }

  /// Suspends until the clock is advanced to `deadline`.
  /// - Parameters:
  ///   - deadline: The instant to wake at; one already reached returns at once.
  ///   - tolerance: Ignored: a manual clock wakes sleepers exactly.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = lock.withLock {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        enum Start { case wait, wake, cancel }
        // Checked under the lock so a cancellation that ran before this point (and found no
        // sleeper to remove) is still seen here.
        let start: Start = lock.withLock {
          if Task.isCancelled { return .cancel }
          if deadline <= current { return .wake }
          sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
          return .wait
        }
        switch start {
        case .wait: break
        case .wake: continuation.resume()
        case .cancel: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      let removed: Sleeper? = lock.withLock {
        guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
        return sleepers.remove(at: index)
      }
      removed?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward and wakes every sleeper whose deadline is now reached, earliest
  /// deadline first.
  /// - Parameter duration: How far to move; a negative duration does nothing.
  public func advance(by duration: Duration) {
    let woken: [Sleeper] = lock.withLock {
      if duration > .zero { current = current.advanced(by: duration) }
      return takeDueSleepers()
    }
    for sleeper in woken { sleeper.continuation.resume() }
  }

  /// Moves the clock forward to `instant` (never back) and wakes the sleepers it reaches.
  /// - Parameter instant: The instant to move to.
  public func advance(to instant: Instant) {
    advance(by: now.duration(to: instant))
  }

  /// Waits, in real time, until at least `count` tasks are asleep on this clock — the point
  /// where the code under test has done everything it can before time moves.
  /// - Parameters:
  ///   - count: How many sleepers to wait for.
  ///   - limit: How long to wait at most, so a broken test fails instead of hanging.
  /// - Returns: `true` when the sleepers arrived, `false` when the limit passed first.
  public func waitForSleepers(
    _ count: Int = 1, within limit: Duration = .seconds(60)
  ) async -> Bool {
    let realClock = ContinuousClock()
    let giveUp = realClock.now.advanced(by: limit)
    while sleeperCount < count {
      if realClock.now >= giveUp { return false }
      try? await Task.sleep(for: .milliseconds(1))
    }
    return true
  }

  // Call with the lock held.
  private func takeDueSleepers() -> [Sleeper] {
    let due = sleepers.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
    sleepers.removeAll { $0.deadline <= current }
    return due
  }
}

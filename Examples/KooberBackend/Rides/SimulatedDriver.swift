import Foundation

/// Demo mode's simulated driver: accepts any ride no real driver accepted within
/// `simulatedAcceptDelay`, then moves it one step every `simulatedStepInterval` until it is
/// completed, so one person alone can watch a whole ride. It moves only rides it accepted.
///
/// It is an ordinary driver account (that cannot sign in, made when it first accepts a ride)
/// working through the same transactions as the routes, so it races real drivers fairly.
/// Times come from the backend's configured clock; a round runs a few times per interval of
/// real time.
final class SimulatedDriver: Sendable {
  private let task: Task<Void, Never>

  /// Starts the rounds.
  /// - Parameter store: the backend's store; its configuration holds the intervals.
  init(store: BackendStore) {
    let acceptDelay = Self.interval(store.configuration.simulatedAcceptDelay)
    let stepInterval = Self.interval(store.configuration.simulatedStepInterval)
    let pause = Self.pause(acceptDelay: acceptDelay, stepInterval: stepInterval)
    task = Task.detached(priority: .utility) {
      while !Task.isCancelled {
        try? await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
        guard !Task.isCancelled else { return }
        // A failed round (a busy or failing database) is simply tried again next time.
        _ = try? store.simulatedDriverRound(acceptDelay: acceptDelay, stepInterval: stepInterval)
      }
    }
  }

  /// Stops the rounds; a round under way finishes its transaction. Safe to call twice.
  func stop() {
    task.cancel()
  }

  /// A configured interval made safe to compute with: negative is 0, NaN the 10 s default;
  /// infinity stays (the driver then never acts).
  /// - Parameter value: the configured seconds.
  /// - Returns: seconds, 0 or more.
  static func interval(_ value: TimeInterval) -> TimeInterval {
    value.isNaN ? 10 : max(0, value)
  }

  /// Real time between rounds: a quarter of the shorter interval, so a step is late by at
  /// most that much, kept within 10 ms…1 s.
  /// - Parameters:
  ///   - acceptDelay: the accept delay.
  ///   - stepInterval: the step interval.
  /// - Returns: seconds.
  static func pause(acceptDelay: TimeInterval, stepInterval: TimeInterval) -> TimeInterval {
    min(1, max(0.01, min(acceptDelay, stepInterval) / 4))
  }
}

import LoginCore
/// Counts whole seconds down on an injected clock, calling `tick` once a second with the
/// seconds left (the last call gets 0). Deadlines are measured from the start, so a slow tick
/// never makes the countdown drift.
@MainActor
final class Countdown {
  /// The running countdown, or `nil` when stopped.
  private(set) var task: Task<Void, Never>?

  /// Starts counting `seconds` down, replacing any running countdown.
  func start(
    seconds: Int, clock: any Clock<Duration>, tick: @escaping @MainActor (Int) -> Void
  ) {
    stop()
    task = Task {
      await Countdown.run(seconds: seconds, clock: clock, tick: tick)
    }
  }

  /// Stops the countdown; no tick follows.
  func stop() {
    task?.cancel()
    task = nil
  }

  private static func run<C: Clock<Duration>>(
    seconds: Int, clock: C, tick: @MainActor (Int) -> Void
  ) async {
    let start = clock.now
    for elapsed in stride(from: 1, through: seconds, by: 1) {
      do {
        try await clock.sleep(until: start.advanced(by: .seconds(elapsed)), tolerance: nil)
      } catch {
        return
      }
      guard !Task.isCancelled else { return }
      tick(seconds - elapsed)
    }
  }
}

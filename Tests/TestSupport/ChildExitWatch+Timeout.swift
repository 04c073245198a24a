import Foundation

extension ChildExitWatch {
  /// Waits for the child's end, killing it (`SIGKILL`) if it runs longer than `timeout`.
  /// - Parameter timeout: The longest wait.
  /// - Returns: How it ended: `.killed(signal: SIGKILL)` after a timeout.
  func wait(killingAfter timeout: Duration) async -> ChildProcess.Termination {
    let (seconds, attoseconds) = timeout.components
    let killer = DispatchWorkItem { [self] in signal(SIGKILL) }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: killer)
    defer { killer.cancel() }
    return await wait()
  }
}

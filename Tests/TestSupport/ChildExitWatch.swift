import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reaps one child on a thread of its own (never the cooperative pool, which a blocking
/// `waitpid` would starve) and wakes whoever awaits its end.
///
/// The child is first waited for without being reaped (`waitid` with `WNOWAIT`), then marked
/// ended under the lock, then reaped: so ``signal(_:)``, which checks the mark under the same
/// lock, can never hit another process that reused the pid.
final class ChildExitWatch: @unchecked Sendable {
  private enum State {
    case running, ending, ended(ChildProcess.Termination)
  }

  let pid: pid_t
  // Guards `state` and `waiters`.
  private let lock = NSLock()
  private var state = State.running
  private var waiters: [CheckedContinuation<ChildProcess.Termination, Never>] = []

  /// Starts watching a child that was just spawned.
  /// - Parameter pid: The child.
  init(pid: pid_t) {
    self.pid = pid
    let thread = Thread { [self] in watch() }
    thread.name = "ChildProcess \(pid) exit"
    thread.start()
  }

  /// How the child ended, or nil while it runs.
  var termination: ChildProcess.Termination? {
    lock.withLock {
      if case .ended(let termination) = state { return termination }
      return nil
    }
  }

  /// Sends a signal unless the child has ended.
  /// - Parameter number: The signal, e.g. `SIGTERM`.
  /// - Returns: `true` when it was sent.
  @discardableResult
  func signal(_ number: Int32) -> Bool {
    lock.withLock {
      guard case .running = state else { return false }
      return kill(pid, number) == 0
    }
  }

  /// Waits for the child's end.
  /// - Returns: How it ended.
  func wait() async -> ChildProcess.Termination {
    await withCheckedContinuation { continuation in
      let ended: ChildProcess.Termination? = lock.withLock {
        if case .ended(let termination) = state { return termination }
        waiters.append(continuation)
        return nil
      }
      if let ended { continuation.resume(returning: ended) }
    }
  }

  private func watch() {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    lock.withLock { state = .ending }
    var status: Int32 = 0
    var reaped = waitpid(pid, &status, 0)
    while reaped == -1 && errno == EINTR { reaped = waitpid(pid, &status, 0) }
    let termination = reaped == pid ? Self.decode(status) : .unknown(errno: errno)
    let woken = lock.withLock {
      state = .ended(termination)
      defer { waiters = [] }
      return waiters
    }
    woken.forEach { $0.resume(returning: termination) }
  }

  // The W* status macros are not imported into Swift; this is their POSIX layout.
  private static func decode(_ status: Int32) -> ChildProcess.Termination {
    let signal = status & 0x7f
    return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(signal: signal)
  }
}

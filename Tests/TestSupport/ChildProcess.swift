import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process for tests, started with `posix_spawn`, with pipes on its stdin, stdout and
/// stderr.
///
/// It replaces `Foundation.Process`, whose `run()` on Linux can crash the test process
/// (swift-corelibs-foundation#5472, an over-read while closing inherited descriptors). Each
/// output pipe is drained from the start by a thread of its own, and the child is reaped by
/// another, so nothing blocks the cooperative pool. A child still running when its
/// `ChildProcess` is released is killed, so a failing test leaves nothing behind.
///
/// ```swift
/// let child = try ChildProcess(
///   executable: BuiltProducts.executable(named: "koober"), arguments: ["serve", "--port", "0"])
/// let firstLine = await child.readLine()
/// child.signal(SIGTERM)
/// #expect(await child.waitForExit() == .exited(0))
/// ```
public final class ChildProcess: @unchecked Sendable {
  /// How a child ended.
  public enum Termination: Sendable, Hashable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case killed(signal: Int32)
    /// `waitpid` failed with this `errno`, so how it ended is not known.
    case unknown(errno: Int32)

    /// e.g. `exit status 2`, `killed by signal 9`.
    public var description: String {
      switch self {
      case .exited(let status): "exit status \(status)"
      case .killed(let signal): "killed by signal \(signal)"
      case .unknown(let errno): "unknown end (waitpid errno \(errno))"
      }
    }
  }

  /// Why a child could not be started or written to.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the system's reason.
    public let description: String
  }

  /// The child's process id.
  public let pid: pid_t
  let standardOutput: ChildOutput
  // nil when stderr goes to the stdout pipe.
  let standardError: ChildOutput?
  private let exit: ChildExitWatch
  // Guards `input`: -1 once closed.
  private let lock = NSLock()
  private var input: Int32

  /// Starts a child.
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments, without the program's own name.
  ///   - environment: The child's whole environment; nil (the default) passes on the test
  ///     process's own.
  ///   - mergingStandardError: `true` sends stderr into the stdout pipe, in the order written,
  ///     as a terminal shows them.
  /// - Throws: `Failure` when the pipes cannot be made or the program cannot be started.
  public init(
    executable: URL, arguments: [String], environment: [String: String]? = nil,
    mergingStandardError: Bool = false
  ) throws(Failure) {
    _ = Self.brokenPipesIgnored
    let spawned = try Self.spawn(
      path: executable.path, arguments: arguments,
      environment: environment ?? ProcessInfo.processInfo.environment,
      mergingStandardError: mergingStandardError)
    pid = spawned.pid
    input = spawned.input
    exit = ChildExitWatch(pid: spawned.pid)
    standardOutput = ChildOutput(descriptor: spawned.output, name: "ChildProcess \(pid) stdout")
    standardError = spawned.error.map {
      ChildOutput(descriptor: $0, name: "ChildProcess \(spawned.pid) stderr")
    }
  }

  deinit {
    exit.signal(SIGKILL)
    if input >= 0 { close(input) }
  }

  /// A child that exits before reading its stdin must make the write fail, not end the tests.
  private static let brokenPipesIgnored: Bool = ignoreBrokenPipes()

  /// How the child ended, or nil while it runs.
  public var termination: Termination? { exit.termination }

  /// Writes to the child's stdin.
  /// - Parameter text: The text, as UTF-8.
  /// - Throws: `Failure` when stdin is closed or the child closed its end.
  public func write(_ text: String) throws(Failure) {
    let bytes = Array(text.utf8)
    let failure: Int32? = lock.withLock {
      guard input >= 0 else { return EBADF }
      var written = 0
      while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes {
          systemWrite(input, $0.baseAddress, $0.count)
        }
        if count < 0 {
          if errno == EINTR { continue }
          return errno
        }
        written += count
      }
      return nil
    }
    if let failure {
      throw Failure(description: "writing to child \(pid)'s stdin: \(Self.reason(failure))")
    }
  }

  /// Closes the child's stdin: it reads end of file. Later calls do nothing.
  public func closeInput() {
    lock.withLock {
      if input >= 0 { close(input) }
      input = -1
    }
  }

  /// Sends a signal, unless the child has already ended.
  /// - Parameter number: e.g. `SIGTERM`.
  public func signal(_ number: Int32) {
    exit.signal(number)
  }

  /// Waits for the child to end, killing it (`SIGKILL`) if it runs longer than `timeout`.
  /// - Parameter timeout: The longest wait; generous, since a loaded machine is slow.
  /// - Returns: How it ended: `.killed(signal: SIGKILL)` after a timeout.
  @discardableResult
  public func waitForExit(timeout: Duration = .seconds(60)) async -> Termination {
    let (seconds, attoseconds) = timeout.components
    let killer = DispatchWorkItem { [exit] in exit.signal(SIGKILL) }
    DispatchQueue.global().asyncAfter(
      deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18, execute: killer)
    defer { killer.cancel() }
    return await exit.wait()
  }

  static func reason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}

// Inside the class, `write` and `signal` would name its methods, not the system calls.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

private func ignoreBrokenPipes() -> Bool {
  signal(SIGPIPE, SIG_IGN)
  return true
}

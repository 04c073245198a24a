import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process whose stdin, stdout and stderr are one pseudo-terminal, as when a person
/// runs it in a terminal window: `isatty` is true, the terminal echoes what is typed unless
/// the child turns echo off, and a `\n` written by the child reaches the test as `\r\n`.
///
/// For what only shows on a terminal (hidden passwords, spinners, live prompts, colour).
/// Started with `posix_spawn`, like `ChildProcess`; a child still running when this object
/// is released is killed.
///
/// ```swift
/// let child = try TerminalProcess(executable: koober, arguments: [], environment: env)
/// _ = await child.read(through: "Password: ")
/// try child.type("Secret1234\n")          // not echoed if the child hid the typing
/// try child.type("\u{04}")                 // Ctrl-D: end of input at the start of a line
/// #expect(await child.waitForExit() == .exited(0))
/// ```
public final class TerminalProcess: @unchecked Sendable {
  /// The child's process id.
  public let pid: pid_t
  private let screen: ChildOutput
  private let exit: ChildExitWatch
  private let keyboard: Int32

  // `ptsname` answers in a buffer shared by the whole process.
  private static let openLock = NSLock()

  /// Starts a child on a new pseudo-terminal.
  /// - Parameters:
  ///   - executable: The program.
  ///   - arguments: Its arguments, without the program's own name.
  ///   - environment: The child's whole environment.
  /// - Throws: `ChildProcess.Failure` when no pseudo-terminal can be had or the program
  ///   cannot be started.
  public init(executable: URL, arguments: [String], environment: [String: String])
    throws(ChildProcess.Failure)
  {
    let (master, terminal) = try Self.openPair()
    let started = ChildProcess.start(
      path: executable.path, arguments: [executable.path] + arguments,
      environment: environment.map { "\($0.key)=\($0.value)" },
      descriptors: [terminal, terminal, terminal])
    // The child holds its own copies; the test's copy would keep the terminal open forever.
    close(terminal)
    guard case .success(let pid) = started else {
      close(master)
      throw ChildProcess.Failure(description: "cannot start \(executable.path)")
    }
    let keyboard = fcntl(master, F_DUPFD_CLOEXEC, 0)
    self.pid = pid
    self.keyboard = keyboard
    exit = ChildExitWatch(pid: pid)
    // Reading the master ends (EIO) once the child and its children have closed the terminal.
    screen = ChildOutput(descriptor: master, name: "TerminalProcess \(pid) screen")
  }

  deinit {
    exit.signal(SIGKILL)
    close(keyboard)
  }

  /// Everything the terminal showed so far: the child's output and the echo of typing.
  public var output: String {
    String(decoding: screen.all, as: UTF8.self)
  }

  /// Types text at the terminal, e.g. `"yes\n"`, or `"\u{04}"` for Ctrl-D.
  /// - Parameter text: The keys, as UTF-8.
  /// - Throws: `ChildProcess.Failure` when the terminal is gone.
  public func type(_ text: String) throws(ChildProcess.Failure) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
      let count = bytes.withUnsafeBytes { write(keyboard, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw ChildProcess.Failure(
          description: "typing at \(pid)'s terminal: \(ChildProcess.reason(errno))")
      }
      bytes = bytes.dropFirst(count)
    }
  }

  /// Reads the screen up to and including the next `text`.
  /// - Parameters:
  ///   - text: What to wait for.
  ///   - timeout: The longest wait.
  /// - Returns: What was read, ending with `text`; nil when the terminal closed or `timeout`
  ///   passed first (nothing is consumed then).
  public func read(through text: String, timeout: Duration = .seconds(30)) async -> String? {
    await screen.take(through: text, timeout: timeout)
  }

  /// Waits for the child to end, killing it (`SIGKILL`) if it runs longer than `timeout`.
  /// - Parameter timeout: The longest wait.
  /// - Returns: How it ended.
  @discardableResult
  public func waitForExit(timeout: Duration = .seconds(60)) async -> ChildProcess.Termination {
    await exit.wait(killingAfter: timeout)
  }

  /// A new pseudo-terminal: the master (the test's side) and the terminal (the child's),
  /// both close-on-exec so no other child inherits them.
  private static func openPair() throws(ChildProcess.Failure) -> (Int32, Int32) {
    openLock.lock()
    defer { openLock.unlock() }
    let master = PseudoTerminalCalls.openMaster(O_RDWR | O_NOCTTY | closeOnExec)
    guard master >= 0 else {
      throw ChildProcess.Failure(description: "posix_openpt: \(ChildProcess.reason(errno))")
    }
    _ = fcntl(master, F_SETFD, FD_CLOEXEC)
    guard PseudoTerminalCalls.grant(master) == 0, PseudoTerminalCalls.unlock(master) == 0,
      let name = PseudoTerminalCalls.name(master)
    else {
      let code = errno
      close(master)
      throw ChildProcess.Failure(description: "pseudo-terminal: \(ChildProcess.reason(code))")
    }
    let terminal = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard terminal >= 0 else {
      let code = errno
      close(master)
      throw ChildProcess.Failure(description: "opening the terminal: \(ChildProcess.reason(code))")
    }
    return (master, terminal)
  }

  // Linux opens the master close-on-exec at once; elsewhere `fcntl` sets it just after.
  #if os(Linux)
    private static let closeOnExec = O_CLOEXEC
  #else
    private static let closeOnExec: Int32 = 0
  #endif
}

/// `posix_openpt`, `grantpt`, `unlockpt` and `ptsname`: Darwin exports them; Glibc's Swift
/// module leaves them out (they need `_XOPEN_SOURCE`), so on Linux they are looked up in the
/// C library at run time.
private enum PseudoTerminalCalls {
  #if canImport(Darwin)
    static func openMaster(_ flags: Int32) -> Int32 { posix_openpt(flags) }
    static func grant(_ master: Int32) -> Int32 { grantpt(master) }
    static func unlock(_ master: Int32) -> Int32 { unlockpt(master) }
    static func name(_ master: Int32) -> UnsafeMutablePointer<CChar>? { ptsname(master) }
  #else
    private typealias IntCall = @convention(c) (Int32) -> Int32
    private typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func openMaster(_ flags: Int32) -> Int32 { call("posix_openpt", flags) }
    static func grant(_ master: Int32) -> Int32 { call("grantpt", master) }
    static func unlock(_ master: Int32) -> Int32 { call("unlockpt", master) }

    static func name(_ master: Int32) -> UnsafeMutablePointer<CChar>? {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "ptsname") else { return nil }
      return unsafeBitCast(symbol, to: NameCall.self)(master)
    }

    private static func call(_ function: String, _ argument: Int32) -> Int32 {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), function) else {
        errno = ENOSYS
        return -1
      }
      return unsafeBitCast(symbol, to: IntCall.self)(argument)
    }
  #endif
}

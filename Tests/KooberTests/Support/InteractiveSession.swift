import Foundation

/// A `koober` process in interactive mode whose stdin the test writes line by line while it
/// runs, waiting for each screen before answering, as a person at a terminal would.
final class InteractiveSession: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()
  private let output = Pipe()
  // Guards `received` and `cursor`: the reader thread appends while the test reads.
  private let lock = NSLock()
  private var received = Data()
  private var cursor = 0

  /// Starts the process.
  /// - Parameters:
  ///   - arguments: The command line (usually just `--data-dir DIR`).
  ///   - environment: The child's environment.
  init(arguments: [String], environment: [String: String]) throws {
    precondition(KooberBinary.pipeSignalIgnored)
    process.executableURL = KooberBinary.url
    process.arguments = arguments
    process.environment = environment
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let reader = Thread { [self] in
      let handle = output.fileHandleForReading
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { return }
        lock.withLock { received.append(chunk) }
      }
    }
    reader.start()
  }

  /// Everything the process wrote so far.
  var transcript: String {
    lock.withLock { String(decoding: received, as: UTF8.self) }
  }

  /// Types one line.
  func send(_ line: String) throws {
    try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
  }

  /// Waits until `text` appears after everything matched so far.
  /// - Parameters:
  ///   - text: What to wait for, e.g. `[Verification code]`.
  ///   - timeout: The longest wait.
  func waitFor(_ text: String, timeout: TimeInterval = 30) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let found: Bool = lock.withLock {
        let searched = received.startIndex + cursor..<received.endIndex
        guard let range = received.range(of: Data(text.utf8), in: searched) else { return false }
        cursor = range.upperBound - received.startIndex
        return true
      }
      if found { return }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw ProcessRunner.Failure(
      description: "'\(text)' did not appear within \(timeout) s; transcript:\n\(transcript)")
  }

  /// Sends a signal, e.g. SIGTERM to stop `koober serve`.
  func send(signal number: Int32) {
    kill(process.processIdentifier, number)
  }

  /// Closes stdin (end of input) and waits for the process to end.
  /// - Returns: Its exit status.
  func finish() async throws -> Int32 {
    try input.fileHandleForWriting.close()
    let killer = DispatchWorkItem { [process] in
      if process.isRunning { process.terminate() }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: killer)
    defer { killer.cancel() }
    return await ProcessRunner.waitForExit(process)
  }
}

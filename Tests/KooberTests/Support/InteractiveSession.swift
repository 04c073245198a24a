import Foundation
import TestSupport

/// A `koober` process in interactive mode whose stdin the test writes line by line while it
/// runs, waiting for each screen before answering, as a person at a terminal would.
final class InteractiveSession: Sendable {
  private let child: ChildProcess

  /// Starts the process; stderr goes into the transcript with stdout, as on a terminal.
  /// - Parameters:
  ///   - arguments: The command line (usually just `--data-dir DIR`).
  ///   - environment: The child's environment.
  init(arguments: [String], environment: [String: String]) throws {
    child = try ChildProcess(
      executable: KooberBinary.url, arguments: arguments, environment: environment,
      mergingStandardError: true)
  }

  /// Everything the process wrote so far.
  var transcript: String {
    child.output
  }

  /// Types one line.
  func send(_ line: String) throws {
    try child.write(line + "\n")
  }

  /// Waits until `text` appears after everything matched so far.
  /// - Parameters:
  ///   - text: What to wait for, e.g. `[Verification code]`.
  ///   - timeout: The longest wait.
  func waitFor(_ text: String, timeout: TimeInterval = 30) async throws {
    guard await child.read(through: text, timeout: .seconds(timeout)) == nil else { return }
    throw ProcessRunner.Failure(
      description: "'\(text)' did not appear within \(timeout) s; transcript:\n\(transcript)")
  }

  /// Sends a signal, e.g. SIGTERM to stop `koober serve`.
  func send(signal number: Int32) {
    child.signal(number)
  }

  /// Closes stdin (end of input) and waits for the process to end, killing it after 30 s.
  /// - Returns: Its exit status.
  func finish() async throws -> Int32 {
    child.closeInput()
    let end = await child.waitForExit(timeout: .seconds(30))
    guard case .exited(let status) = end else {
      throw ProcessRunner.Failure(description: "koober \(end); transcript:\n\(transcript)")
    }
    return status
  }
}

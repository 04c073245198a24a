import Foundation
import TestSupport

/// Runs `koober` as a child process with a given stdin, and collects its output.
enum ProcessRunner {
  /// Why a run did not finish.
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs the executable to its end, killing it after `timeout`.
  /// - Parameters:
  ///   - arguments: The command line.
  ///   - environment: The whole environment of the child.
  ///   - stdin: What the child reads; stdin is closed after it.
  ///   - timeout: The longest the child may run.
  /// - Returns: Its exit status and output.
  static func run(
    _ arguments: [String], environment: [String: String], stdin: String = "",
    // Well above the child's own request limit (KOOBER_REQUEST_TIMEOUT_SECONDS=60 in the
    // tests), so koober's timeout, the behaviour under test, always fires first.
    timeout: TimeInterval = 180
  ) async throws -> ProcessResult {
    let child = try ChildProcess(
      executable: KooberBinary.url, arguments: arguments, environment: environment)
    async let termination = child.waitForExit(timeout: .seconds(timeout))
    // The child may have exited without reading stdin (a usage error): that is fine.
    try? child.write(stdin)
    child.closeInput()
    async let out = child.readOutputToEnd()
    async let err = child.readErrorToEnd()
    let (stdout, stderr, end) = await (out, err, termination)
    guard case .exited(let status) = end else {
      throw Failure(description: "koober \(arguments): \(end); stdout:\n\(stdout)")
    }
    return ProcessResult(status: status, stdout: stdout, stderr: stderr)
  }
}

import Dispatch
import Foundation

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
    timeout: TimeInterval = 60
  ) async throws -> ProcessResult {
    precondition(KooberBinary.pipeSignalIgnored)
    let process = Process()
    process.executableURL = KooberBinary.url
    process.arguments = arguments
    process.environment = environment
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let killer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    defer { killer.cancel() }
    // The child may have exited without reading stdin (a usage error): that is fine.
    try? input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8))
    try? input.fileHandleForWriting.close()
    async let out = readToEnd(output.fileHandleForReading)
    async let err = readToEnd(errors.fileHandleForReading)
    let (stdout, stderr) = await (out, err)
    let status = await waitForExit(process)
    guard process.terminationReason == .exit else {
      throw Failure(description: "koober \(arguments) was killed; stdout:\n\(stdout)")
    }
    return ProcessResult(status: status, stdout: stdout, stderr: stderr)
  }

  /// Reads a pipe to its end on a thread outside the cooperative pool.
  static func readToEnd(_ handle: FileHandle) async -> String {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        let data = handle.readDataToEndOfFile()
        continuation.resume(returning: String(decoding: data, as: UTF8.self))
      }
    }
  }

  /// Waits for the child to end on a thread outside the cooperative pool.
  static func waitForExit(_ process: Process) async -> Int32 {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        process.waitUntilExit()
        continuation.resume(returning: process.terminationStatus)
      }
    }
  }
}

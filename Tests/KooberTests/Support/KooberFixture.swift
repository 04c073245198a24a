import Foundation
import Testing
import TestSupport

/// One test's `koober` world: its own data folder (and home), and helpers to run the binary
/// against it. Remove it with `defer { fixture.remove() }`.
final class KooberFixture: Sendable {
  /// The test's folder; the data folder is `data` inside it.
  let folder: TemporaryDirectory

  /// The data folder passed as `--data-dir`, by its real path (macOS's temporary folder is
  /// under the link `/var`): koober uses the real path once it has checked it, and names its
  /// files and pages by it.
  var dataFolder: URL {
    guard let resolved = realpath(folder.url.path, nil) else { return folder.url("data") }
    defer { free(resolved) }
    return URL(fileURLWithPath: String(cString: resolved)).appendingPathComponent("data")
  }

  /// Makes a fresh folder.
  init() throws {
    folder = try TemporaryDirectory(prefix: "koober-host")
  }

  /// Deletes the folder.
  func remove() {
    folder.remove()
  }

  /// The child environment, plus `extra`.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    KooberBinary.environment(home: folder.url).merging(extra) { $1 }
  }

  /// Runs `koober --data-dir DATA <arguments>` to its end.
  /// - Parameters:
  ///   - arguments: What follows `--data-dir DATA`.
  ///   - stdin: The child's input.
  ///   - extraEnvironment: Variables to add.
  /// - Returns: Its exit status and output.
  func run(
    _ arguments: [String], stdin: String = "", extraEnvironment: [String: String] = [:]
  ) async throws -> ProcessResult {
    try await ProcessRunner.run(
      ["--data-dir", dataFolder.path] + arguments, environment: environment(extraEnvironment),
      stdin: stdin)
  }

  /// Starts `koober --data-dir DATA` in interactive mode.
  func startInteractive() throws -> InteractiveSession {
    try InteractiveSession(arguments: ["--data-dir", dataFolder.path], environment: environment())
  }

  /// Creates an account with `koober sign-up`, then signs out, so tests start signed out.
  /// - Parameters:
  ///   - email: The email.
  ///   - type: `passenger` or `driver`.
  ///   - password: The password.
  ///   - name: The name, if any.
  func makeAccount(
    _ email: String, type: String, password: String, name: String? = nil
  ) async throws {
    var arguments = ["sign-up", "--email", email, "--type", type, "--password-stdin"]
    if let name { arguments += ["--name", name] }
    let signUp = try await run(arguments, stdin: password + "\n")
    try #require(signUp.status == 0, "sign-up failed: \(signUp.stderr)")
    let signOut = try await run(["sign-out"])
    try #require(signOut.status == 0, "sign-out failed: \(signOut.stderr)")
  }
}

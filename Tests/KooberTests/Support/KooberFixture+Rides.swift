import Foundation
import Testing

/// What the ride tests add to a test's `koober` world: short demo intervals, a `--server`
/// client, and a `koober serve` of its own.
extension KooberFixture {
  /// The simulated driver's intervals for tests: a whole demo ride takes about a second.
  static let quickDemo = [
    "KOOBER_DEMO_ACCEPT_SECONDS": "0.2", "KOOBER_DEMO_STEP_SECONDS": "0.2",
  ]

  /// Starts `koober --data-dir DATA` in interactive mode with extra environment.
  /// - Parameter extraEnvironment: Variables to add, e.g. `quickDemo`.
  func startInteractive(extraEnvironment: [String: String]) throws -> InteractiveSession {
    try InteractiveSession(
      arguments: ["--data-dir", dataFolder.path], environment: environment(extraEnvironment))
  }

  /// Runs `koober --data-dir DATA --server URL <arguments>` to its end.
  /// - Parameters:
  ///   - server: The server's URL.
  ///   - arguments: The command.
  ///   - stdin: The child's input.
  func run(on server: String, _ arguments: [String], stdin: String = "") async throws
    -> ProcessResult
  {
    try await run(["--server", server] + arguments, stdin: stdin)
  }

  /// Creates an account on a server and leaves it signed in (sign-up signs in at once,
  /// drivers too).
  func signUp(
    on server: String, _ email: String, type: String, password: String = "Ride1234"
  ) async throws {
    let result = try await run(
      on: server,
      ["sign-up", "--email", email, "--type", type, "--password-stdin"],
      stdin: password + "\n")
    try #require(result.status == 0, "sign-up failed: \(result.stderr)")
  }

  /// Starts `koober serve --port 0` with its database in this fixture's `server` folder.
  /// - Parameters:
  ///   - demo: Whether to pass `--demo` (the outbox and the simulated driver).
  ///   - extraEnvironment: Variables to add, e.g. `quickDemo`.
  ///   - options: More of `serve`'s options, e.g. `["--origin", URL]`.
  /// - Returns: The running server (send it SIGTERM, then `finish()`) and its URL.
  func startServer(
    demo: Bool = false, extraEnvironment: [String: String] = [:], options: [String] = []
  ) async throws -> (InteractiveSession, String) {
    let server = try InteractiveSession(
      arguments: ["serve", "--port", "0", "--data-dir", folder.path("server")]
        + (demo ? ["--demo"] : []) + options,
      environment: environment(extraEnvironment))
    try await server.waitFor("\n")
    let firstLine = try #require(server.transcript.split(separator: "\n").first)
    let match = try #require(
      firstLine.wholeMatch(of: /Koober backend listening on (http:\/\/127\.0\.0\.1:[0-9]+)/))
    return (server, String(match.1))
  }
}

extension Transcript {
  /// The ride id that starts a ride line (`ride_…  requested  …`), if the text begins so.
  static func rideID(in text: String) -> String? {
    guard let first = text.split(separator: " ").first, first.hasPrefix("ride_") else {
      return nil
    }
    return String(first)
  }

  /// The status, the second word of a ride line.
  static func rideStatus(in text: String) -> String? {
    let words = text.split(separator: " ")
    return words.count > 1 ? String(words[1]) : nil
  }
}

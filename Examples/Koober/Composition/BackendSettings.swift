import Foundation
import KooberBackend
import Localization

/// Settings of the reference backend (embedded, or `koober serve`) that come from the
/// environment, for tests and demos.
///
/// - `KOOBER_BACKEND_ITERATIONS` sets the PBKDF2 iterations of new password hashes (600,000
///   by default, which takes a noticeable moment per sign-up); the end-to-end tests set it
///   low so each `koober` process they start stays fast. Hashes keep their own iteration
///   count, so accounts made with any setting still sign in.
/// - `KOOBER_DEMO_ACCEPT_SECONDS` and `KOOBER_DEMO_STEP_SECONDS` set demo mode's simulated
///   driver: how long a ride waits for a real driver, and how long each later step takes
///   (10 s each by default, as the HTTP contract says). Fractions are allowed, so a test can watch
/// a
///   whole ride in about a second.
/// - `KOOBER_TOKEN_SECONDS` sets how long the backend's access tokens live (900 s by
///   default, from 1 s to a day), so a test or a demo can watch a session be renewed.
/// - `KOOBER_REFRESH_WINDOW_SECONDS` sets how long a spent refresh token sent again gets the
///   same answer (30 s by default, from 0 to a day), so a test can watch reuse be detected
///   after the window.
struct BackendSettings: Sendable, Equatable {
  /// The iterations to use, or `nil` for the backend's default.
  let passwordIterations: Int?
  /// Seconds before the simulated driver accepts a ride, or `nil` for the default.
  let simulatedAcceptDelay: TimeInterval?
  /// Seconds between the simulated driver's later steps, or `nil` for the default.
  let simulatedStepInterval: TimeInterval?
  /// Seconds an access token lives, or `nil` for the default.
  let accessTokenLifetime: TimeInterval?
  /// Seconds a spent refresh token gets the same answer, or `nil` for the default.
  let refreshWindow: TimeInterval?

  /// The largest value accepted, so a typo cannot make every sign-up take minutes.
  static let maximumIterations = 10_000_000
  /// The longest demo interval accepted: a day.
  static let maximumDemoSeconds: TimeInterval = 86_400

  /// Reads the settings.
  /// - Parameter environment: The process environment.
  /// - Throws: `StartupFailure` (exit 2) for a value that is not a number in range.
  init(environment: [String: String]) throws(StartupFailure) {
    let iterations = 1...Self.maximumIterations
    passwordIterations = try Self.read(
      "KOOBER_BACKEND_ITERATIONS", from: environment,
      refusing: { TextTable.koober.text("settings.wholeNumber", $0) },
      maximum: Self.maximumIterations
    ) { Int($0).flatMap { iterations.contains($0) ? $0 : nil } }
    simulatedAcceptDelay = try Self.seconds("KOOBER_DEMO_ACCEPT_SECONDS", from: environment)
    simulatedStepInterval = try Self.seconds("KOOBER_DEMO_STEP_SECONDS", from: environment)
    accessTokenLifetime = try Self.read(
      "KOOBER_TOKEN_SECONDS", from: environment,
      refusing: { TextTable.koober.text("settings.lifetimeSeconds", $0) },
      maximum: Int(Self.maximumDemoSeconds)
    ) { Double($0).flatMap { (1...Self.maximumDemoSeconds).contains($0) ? $0 : nil } }
    refreshWindow = try Self.seconds("KOOBER_REFRESH_WINDOW_SECONDS", from: environment)
  }

  /// Writes the settings that were given into a backend configuration.
  /// - Parameter configuration: The configuration to change.
  func apply(to configuration: inout KooberBackend.Configuration) {
    if let passwordIterations { configuration.passwordIterations = passwordIterations }
    if let simulatedAcceptDelay { configuration.simulatedAcceptDelay = simulatedAcceptDelay }
    if let simulatedStepInterval { configuration.simulatedStepInterval = simulatedStepInterval }
    if let accessTokenLifetime { configuration.accessTokenLifetime = accessTokenLifetime }
    if let refreshWindow { configuration.refreshWindow = refreshWindow }
  }

  private static func seconds(_ name: String, from environment: [String: String])
    throws(StartupFailure) -> TimeInterval?
  {
    // `Double` reads "nan" and "inf" too; the range check refuses both.
    try read(
      name, from: environment, refusing: { TextTable.koober.text("settings.demoSeconds", $0) },
      maximum: Int(maximumDemoSeconds)
    ) { Double($0).flatMap { (0...maximumDemoSeconds).contains($0) ? $0 : nil } }
  }

  /// One variable: `nil` when unset or empty, else the value `parse` makes of it (shared with
  /// `ClientSettings`, so every KOOBER_* setting refuses a bad value the same way).
  /// - Parameters:
  ///   - name: The variable's name.
  ///   - environment: The process environment.
  ///   - refusal: The whole sentence refusing a value, from the placeholders `name`, `value`
  ///     (as typed) and `maximum`, e.g. `TextTable.koober.text("settings.demoSeconds", $0)`.
  ///   - maximum: The largest value accepted, for the sentence.
  ///   - parse: The value of the text, or `nil` when it is not valid.
  /// - Returns: The value, or `nil` when the variable is unset or empty.
  /// - Throws: `StartupFailure` (exit 2) saying what was expected when `parse` returns `nil`.
  static func read<Value>(
    _ name: String, from environment: [String: String],
    refusing refusal: ([String: String]) -> String, maximum: Int,
    _ parse: (String) -> Value?
  ) throws(StartupFailure) -> Value? {
    guard let text = environment[name], !text.isEmpty else { return nil }
    guard let value = parse(text) else {
      throw StartupFailure(
        message: refusal(["name": name, "value": text, "maximum": "\(maximum)"]),
        exitCode: .usage)
    }
    return value
  }
}

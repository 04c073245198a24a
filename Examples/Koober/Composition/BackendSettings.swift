/// Settings of the embedded backend that come from the environment, for tests and demos.
///
/// `KOOBER_BACKEND_ITERATIONS` sets the PBKDF2 iterations of new password hashes (600,000 by
/// default, which takes a noticeable moment per sign-up); the end-to-end tests set it low so
/// each `koober` process they start stays fast. Hashes keep their own iteration count, so
/// accounts made with any setting still sign in.
struct BackendSettings: Sendable, Equatable {
  /// The iterations to use, or `nil` for the backend's default.
  let passwordIterations: Int?

  /// The largest value accepted, so a typo cannot make every sign-up take minutes.
  static let maximumIterations = 10_000_000

  /// Reads the settings.
  /// - Parameter environment: The process environment.
  /// - Throws: `StartupFailure` (exit 2) for a value that is not a whole number in range.
  init(environment: [String: String]) throws(StartupFailure) {
    guard let text = environment["KOOBER_BACKEND_ITERATIONS"], !text.isEmpty else {
      passwordIterations = nil
      return
    }
    guard let value = Int(text), (1...Self.maximumIterations).contains(value) else {
      throw StartupFailure(
        message: "KOOBER_BACKEND_ITERATIONS must be a whole number from 1 to "
          + "\(Self.maximumIterations), not '\(text)'.",
        exitCode: .usage)
    }
    passwordIterations = value
  }
}

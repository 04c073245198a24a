import Foundation
import Localization

/// Settings of koober's own client that come from the environment, for tests and slow
/// machines.
///
/// - `KOOBER_REQUEST_TIMEOUT_SECONDS` sets how long one request may wait for the server's
///   answer (20 s by default: a person waits at a terminal). The end-to-end tests raise it so
///   an overloaded machine slows them down instead of failing them. Fractions are allowed.
struct ClientSettings: Sendable, Equatable {
  /// How long one request may wait for its answer.
  let requestTimeout: Duration

  /// The limit when the environment does not set one.
  static let defaultRequestTimeout: Duration = .seconds(20)
  /// The longest limit accepted: an hour, so a typo cannot leave a command hanging for days.
  static let maximumRequestSeconds: Double = 3_600

  /// Reads the settings.
  /// - Parameter environment: The process environment.
  /// - Throws: `StartupFailure` (exit 2) for a value that is not a number in range.
  init(environment: [String: String]) throws(StartupFailure) {
    // `Double` reads "nan" and "inf" too; the range check refuses both.
    let seconds = try BackendSettings.read(
      "KOOBER_REQUEST_TIMEOUT_SECONDS", from: environment,
      refusing: { TextTable.koober.text("settings.timeoutSeconds", $0) },
      maximum: Int(Self.maximumRequestSeconds)
    ) { Double($0).flatMap { $0 > 0 && $0 <= Self.maximumRequestSeconds ? $0 : nil } }
    requestTimeout = seconds.map { Duration.seconds($0) } ?? Self.defaultRequestTimeout
  }
}

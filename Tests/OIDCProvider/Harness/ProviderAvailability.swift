import Foundation

/// Whether the tests against django-oauth-toolkit can run here, and what to say when not.
///
/// ```swift
/// @Suite(.enabled(if: ProviderAvailability.current.runs,
///                 Comment(rawValue: ProviderAvailability.current.comment)))
/// ```
///
/// Outside CI a machine without the provider's Python environment skips them and says so;
/// with `CI=true` they run and fail with the same reason, so CI can never pass by skipping.
public enum ProviderAvailability: Equatable, Sendable {
  /// The Python that has django-oauth-toolkit installed.
  case ready(python: URL)
  /// Outside CI, with no usable Python: the tests skip; the text says what is missing.
  case skipped(reason: String)
  /// In CI, with no usable Python: the tests run and fail with this reason.
  case failing(reason: String)

  /// The command that prepares the provider's environment.
  public static let setupCommand =
    "bash .ci/run (it makes .build-oidc-venv/ with the provider)"

  /// The decision for an environment and a package folder.
  /// - Parameters:
  ///   - environment: The process environment: `KOOBER_OIDC_PYTHON`, `CI`.
  ///   - packageRoot: The package's folder, which holds `.build-oidc-venv/`.
  ///   - isExecutable: Whether a path is an executable file.
  /// - Returns: The decision.
  public static func decide(
    environment: [String: String], packageRoot: URL, isExecutable: (String) -> Bool
  ) -> ProviderAvailability {
    let python =
      environment["KOOBER_OIDC_PYTHON"].map { URL(fileURLWithPath: $0) }
      ?? packageRoot.appendingPathComponent(".build-oidc-venv/bin/python")
    if isExecutable(python.path) { return .ready(python: python) }
    let reason =
      "no Python with django-oauth-toolkit at \(python.path) (set KOOBER_OIDC_PYTHON, "
      + "or run \(setupCommand))"
    let ci = environment["CI"]?.lowercased()
    return ci == "true" || ci == "1" ? .failing(reason: reason) : .skipped(reason: reason)
  }

  /// The decision for this test process.
  public static let current = decide(
    environment: ProcessInfo.processInfo.environment, packageRoot: packageRoot,
    isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })

  /// The package folder, found from this file's place in it.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Harness
    .deletingLastPathComponent()  // OIDCProvider
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// Whether the provider's tests run (and fail when the provider is missing in CI).
  public var runs: Bool {
    if case .skipped = self { return false }
    return true
  }

  /// What a skipped run says.
  public var comment: String {
    switch self {
    case .ready: "django-oauth-toolkit is available"
    case .skipped(let reason): reason
    case .failing(let reason): "CI=true, so missing the provider fails: " + reason
    }
  }
}

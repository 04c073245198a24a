import Foundation

/// A test peer written in Python by others, run from a virtual environment that `.ci/run`
/// makes: django-oauth-toolkit (the OIDC provider), py_webauthn (a passkey relying party),
/// soft-webauthn (a passkey authenticator).
///
/// ```swift
/// let availability = ProviderAvailability.decision(for: .pyWebAuthn)
/// @Suite(.enabled(if: availability.runs, Comment(rawValue: availability.comment)))
/// ```
public struct PythonPeer: Equatable, Sendable {
  /// What the peer is, for messages, e.g. `django-oauth-toolkit`.
  public let name: String
  /// The environment variable naming another Python with the peer installed.
  public let variable: String
  /// The virtual environment's folder in the package, e.g. `.build-oidc-venv`.
  public let venv: String

  /// Describes a peer.
  /// - Parameters:
  ///   - name: What the peer is, for messages.
  ///   - variable: The variable naming another Python with it.
  ///   - venv: Its virtual environment's folder in the package.
  public init(name: String, variable: String, venv: String) {
    self.name = name
    self.variable = variable
    self.venv = venv
  }

  /// django-oauth-toolkit (Tests/OIDCProvider), for the OIDC adapter.
  public static let djangoOAuthToolkit = PythonPeer(
    name: "django-oauth-toolkit", variable: "KOOBER_OIDC_PYTHON", venv: ".build-oidc-venv")
  /// py_webauthn (PyPI `webauthn`, behind Tests/PasskeyRP/server.py), a relying party.
  public static let pyWebAuthn = PythonPeer(
    name: "py_webauthn", variable: "KOOBER_WEBAUTHN_PYTHON", venv: ".build-webauthn-venv")
  /// soft-webauthn (PyPI, driven by Tests/SoftWebAuthn/client.py), an authenticator.
  public static let softWebAuthn = PythonPeer(
    name: "soft-webauthn", variable: "KOOBER_SOFTWEBAUTHN_PYTHON",
    venv: ".build-softwebauthn-venv")
}

/// Whether the tests against a Python peer can run here, and what to say when not.
///
/// ```swift
/// @Suite(.enabled(if: ProviderAvailability.current.runs,
///                 Comment(rawValue: ProviderAvailability.current.comment)))
/// ```
///
/// Outside CI a machine without the peer's Python environment skips them and says so;
/// with `CI=true` they run and fail with the same reason, so CI can never pass by skipping.
public enum ProviderAvailability: Equatable, Sendable {
  /// The Python that has the peer installed.
  case ready(python: URL)
  /// Outside CI, with no usable Python: the tests skip; the text says what is missing.
  case skipped(reason: String)
  /// In CI, with no usable Python: the tests run and fail with this reason.
  case failing(reason: String)

  /// The command that prepares the peers' environments.
  public static let setupCommand =
    "bash .ci/run (it makes .build-oidc-venv/ with the provider)"

  /// The decision for an environment and a package folder.
  /// - Parameters:
  ///   - peer: The peer; django-oauth-toolkit unless given.
  ///   - environment: The process environment: the peer's variable, `CI`.
  ///   - packageRoot: The package's folder, which holds the peer's venv.
  ///   - isExecutable: Whether a path is an executable file.
  /// - Returns: The decision.
  public static func decide(
    peer: PythonPeer = .djangoOAuthToolkit, environment: [String: String], packageRoot: URL,
    isExecutable: (String) -> Bool
  ) -> ProviderAvailability {
    let python =
      environment[peer.variable].map { URL(fileURLWithPath: $0) }
      ?? packageRoot.appendingPathComponent(peer.venv + "/bin/python")
    if isExecutable(python.path) { return .ready(python: python) }
    let setup =
      peer == .djangoOAuthToolkit ? setupCommand : "bash .ci/run (it makes \(peer.venv)/)"
    let reason =
      "no Python with \(peer.name) at \(python.path) (set \(peer.variable), or run \(setup))"
    let ci = environment["CI"]?.lowercased()
    return ci == "true" || ci == "1" ? .failing(reason: reason) : .skipped(reason: reason)
  }

  /// The decision for this test process, for django-oauth-toolkit.
  public static let current = decision(for: .djangoOAuthToolkit)

  /// The decision for this test process.
  /// - Parameter peer: The peer.
  /// - Returns: The decision.
  public static func decision(for peer: PythonPeer) -> ProviderAvailability {
    decide(
      peer: peer, environment: ProcessInfo.processInfo.environment, packageRoot: packageRoot,
      isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
  }

  /// The package folder, found from this file's place in it.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Harness
    .deletingLastPathComponent()  // OIDCProvider
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// Whether the peer's tests run (and fail when the peer is missing in CI).
  public var runs: Bool {
    if case .skipped = self { return false }
    return true
  }

  /// What a skipped run says.
  public var comment: String {
    switch self {
    case .ready: "the Python peer is available"
    case .skipped(let reason): reason
    case .failing(let reason): "CI=true, so a missing Python peer fails: " + reason
    }
  }
}

import Foundation
import OIDCProviderHarness
import TestSupport

/// py_webauthn (PyPI `webauthn`, in `.build-webauthn-venv/`), a relying party nobody here
/// wrote, behind Tests/PasskeyRP/server.py: it speaks the HTTP contract's sign-up, sign-in,
/// session and passkey routes, and verifies every registration and assertion with
/// py_webauthn. What py_webauthn refuses, the server says on stderr (`refusals`).
///
/// Outside CI a machine without the environment skips the interop tests and says so; with
/// `CI=true` they run and fail with the same reason (`ProviderAvailability`).
final class PasskeyRPServer: Sendable {
  /// Whether py_webauthn's Python is here.
  static let availability = ProviderAvailability.decision(for: .pyWebAuthn)

  /// The URL `koober --server` takes.
  let url: String
  private let child: ChildProcess

  /// Starts the server on a port the system picks (RP ID `localhost`, origin
  /// `https://localhost`).
  init() async throws {
    guard case .ready(let python) = Self.availability else {
      throw ProcessRunner.Failure(description: Self.availability.comment)
    }
    let script = ProviderAvailability.packageRoot.appendingPathComponent(
      "Tests/PasskeyRP/server.py")
    child = try ChildProcess(executable: python, arguments: [script.path, "--port", "0"])
    guard let line = await child.readLine(timeout: .seconds(60)), line.hasPrefix("listening "),
      let port = Int(line.dropFirst("listening ".count))
    else {
      child.signal(SIGKILL)
      throw ProcessRunner.Failure(
        description: "the py_webauthn server did not start: \(await child.readErrorToEnd())")
    }
    url = "http://127.0.0.1:\(port)"
  }

  /// What the server wrote on stderr so far: py_webauthn's reason for each refusal.
  var refusals: String { child.errorOutput }

  /// Stops the server: it serves until its stdin closes.
  func stop() async {
    child.closeInput()
    _ = await child.waitForExit(timeout: .seconds(10))
  }
}

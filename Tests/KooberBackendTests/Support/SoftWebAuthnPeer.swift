import Foundation
import OIDCProviderHarness
import Testing
import TestSupport

/// soft-webauthn (Tests/SoftWebAuthn/client.py, in `.build-softwebauthn-venv/`), an
/// authenticator nobody here wrote, driven one command a line against a backend.
///
/// Outside CI a machine without the environment skips the interop tests and says so; with
/// `CI=true` they run and fail with the same reason, so CI never passes by skipping (as the
/// django-oauth-toolkit tests decide: `ProviderAvailability`).
final class SoftWebAuthnPeer {
  /// Whether the peer can run here: the one run/skip/fail rule of every Python peer.
  static let availability = ProviderAvailability.decision(for: .softWebAuthn)

  /// The package folder, found from this file's place in it.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // KooberBackendTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  private let child: ChildProcess

  /// Starts the client against a backend.
  /// - Parameters:
  ///   - baseURL: the backend.
  ///   - origin: the origin the client writes in client data.
  init(baseURL: URL, origin: String = "https://localhost") async throws {
    guard case .ready(let python) = Self.availability else {
      throw Failure(Self.availability.comment)
    }
    let script = Self.packageRoot.appendingPathComponent("Tests/SoftWebAuthn/client.py")
    child = try ChildProcess(
      executable: python, arguments: [script.path, baseURL.absoluteString, origin])
    guard await child.readLine(timeout: .seconds(60)) == #"{"ready": true}"# else {
      child.signal(SIGKILL)
      throw Failure("soft-webauthn did not start: \(await child.readErrorToEnd().suffix(2000))")
    }
  }

  deinit { child.closeInput() }

  /// Runs one command (`register ann TOKEN`, `authenticate ann flip`, …).
  /// - Returns: the answer: `status` (HTTP, 0 before the post), `code`, maybe more.
  func run(_ command: String) async throws -> [String: Any] {
    try child.write(command + "\n")
    guard let line = await child.readLine(timeout: .seconds(60)),
      let answer = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { throw Failure("no answer to \(command): \(await child.readErrorToEnd())") }
    if answer["status"] as? Int == -1 { throw Failure("\(command): \(answer["error"] ?? "")") }
    return answer
  }

  /// `status` and `code` of a command, e.g. `401 invalid_passkey`.
  func outcome(_ command: String) async throws -> String {
    let answer = try await run(command)
    let status = answer["status"] as? Int ?? -1
    let code = answer["code"] as? String
    return code.map { "\(status) \($0)" } ?? String(status)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
  }
}

import Foundation
import OIDCProviderHarness
import Testing

/// Issue 33's interop: koober's client side of WebAuthn (the WebAuthn module's client data,
/// authenticator data and attestation object, SoftwarePasskeys' ES256 keys) against
/// py_webauthn, a relying-party library nobody here wrote, behind Tests/PasskeyRP/server.py.
@Suite(
  "koober's passkeys against py_webauthn",
  .enabled(
    if: PasskeyRPServer.availability.runs,
    Comment(rawValue: PasskeyRPServer.availability.comment)))
struct PyWebAuthnInteropTests {
  @Test("py_webauthn verifies koober's registration and its assertion: a driver signs in")
  func registersAndSignsIn() async throws {
    let server = try await PasskeyRPServer()
    let fixture = try KooberFixture()
    defer { fixture.remove() }
    try await fixture.signUp(on: server.url, "dan@example.com", type: "driver")

    let added = try await fixture.run(on: server.url, ["passkey", "add", "--name", "Dan's key"])
    #expect(added.status == 0, "\(added.stderr); py_webauthn: \(server.refusals)")
    let id = try #require(PasskeyCommandTests.addedID(added.stdout), "\(added.stdout)")
    let listed = try await fixture.run(on: server.url, ["passkey", "list"])
    #expect(listed.stdout.hasPrefix(id + "  Dan's key  created "), "\(listed.stdout)")
    #expect(listed.stdout.hasSuffix(", last used never\n"))

    #expect(try await fixture.run(on: server.url, ["sign-out"]).status == 0)
    let signedIn = try await fixture.run(on: server.url, ["sign-in", "--passkey"])
    #expect(signedIn.status == 0, "\(signedIn.stderr); py_webauthn: \(server.refusals)")
    #expect(signedIn.stdout == "Signed in as dan@example.com (driver).\n")
    // A second assertion: the sign count py_webauthn keeps must grow, and did.
    #expect(try await fixture.run(on: server.url, ["sign-out"]).status == 0)
    let second = try await fixture.run(on: server.url, ["sign-in", "--passkey"])
    #expect(second.status == 0, "\(second.stderr); py_webauthn: \(server.refusals)")
    let used = try await fixture.run(on: server.url, ["passkey", "list"])
    #expect(!used.stdout.contains("last used never"), "\(used.stdout)")

    await server.stop()
    #expect(server.refusals.isEmpty, "py_webauthn refused: \(server.refusals)")
  }
}

/// The interop tests' rule, as the provider's: skipped with the reason outside CI, failing
/// with it under `CI=true`, never passing by skipping.
@Suite("whether the py_webauthn tests run, skip or fail")
struct PyWebAuthnAvailabilityTests {
  let root = URL(fileURLWithPath: "/pkg")

  @Test("without .build-webauthn-venv: skipped outside CI, failing with CI=true, same reason")
  func missingVenv() {
    let outside = ProviderAvailability.decide(
      peer: .pyWebAuthn, environment: [:], packageRoot: root, isExecutable: { _ in false })
    let inCI = ProviderAvailability.decide(
      peer: .pyWebAuthn, environment: ["CI": "true"], packageRoot: root,
      isExecutable: { _ in false })
    let reason =
      "no Python with py_webauthn at /pkg/.build-webauthn-venv/bin/python (set "
      + "KOOBER_WEBAUTHN_PYTHON, or run bash .ci/run (it makes .build-webauthn-venv/))"
    #expect(outside == .skipped(reason: reason))
    #expect(inCI == .failing(reason: reason))
    #expect(!outside.runs && inCI.runs)
  }

  @Test("KOOBER_WEBAUTHN_PYTHON first, then the package's venv")
  func pythonFound() {
    let named = ProviderAvailability.decide(
      peer: .pyWebAuthn, environment: ["KOOBER_WEBAUTHN_PYTHON": "/opt/py/bin/python"],
      packageRoot: root, isExecutable: { _ in true })
    #expect(named == .ready(python: URL(fileURLWithPath: "/opt/py/bin/python")))
    let venv = ProviderAvailability.decide(
      peer: .pyWebAuthn, environment: [:], packageRoot: root, isExecutable: { _ in true })
    #expect(venv == .ready(python: URL(fileURLWithPath: "/pkg/.build-webauthn-venv/bin/python")))
  }
}

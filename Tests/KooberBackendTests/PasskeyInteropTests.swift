import Foundation
import OIDCProviderHarness
import Testing

@testable import KooberBackend

/// The backend against soft-webauthn (PyPI), an authenticator nobody here wrote: it accepts
/// soft-webauthn's registration and assertion, and refuses each bent ceremony issue 33 lists,
/// the check behind every `invalid_passkey` read back from the backend.
@Suite(
  "passkeys with soft-webauthn",
  .enabled(
    if: SoftWebAuthnPeer.availability.runs,
    Comment(rawValue: SoftWebAuthnPeer.availability.comment)))
struct PasskeyInteropTests {
  @Test("soft-webauthn registers and signs in; every listed refusal holds")
  func softWebAuthn_acceptedAndRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let peer = try await SoftWebAuthnPeer(baseURL: server.backend.baseURL)
    let ann = try await server.accessToken("ann@example.com")
    let bob = try await server.accessToken("bob@example.com", type: "driver")

    // Each case: the command, the answer, and the check the backend names for a refusal.
    var results: [String] = []
    func check(
      _ command: String, _ expected: String, _ reason: PasskeyRefusal? = nil,
      sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
      let before = server.refusalCount
      let outcome = try await peer.outcome(command)
      #expect(outcome == expected, "\(command)", sourceLocation: sourceLocation)
      if let reason {
        #expect(server.refusalCount == before + 1, "\(command)", sourceLocation: sourceLocation)
        #expect(server.latestRefusal == reason, "\(command)", sourceLocation: sourceLocation)
      }
      // Tokens never reach a log, a test's output included.
      let shown = command.replacingOccurrences(of: ann, with: "<ann's token>")
        .replacingOccurrences(of: bob, with: "<bob's token>")
      results.append("\(shown): \(outcome)")
    }

    // Registration.
    try await check("register ann \(ann)", "201")
    try await check("register bob \(bob)", "201")
    try await check("register x \(ann) origin", "400 invalid_passkey", .origin)
    try await check("register x \(ann) rpid", "400 invalid_passkey", .rpIDHash)
    try await check("register x \(ann) noup", "400 invalid_passkey", .userNotPresent)
    try await check("register x \(ann) name", "422 invalid_name")
    try await check("register x \(ann) sameid:ann", "409 passkey_exists")
    try await check("register x \(bob) sameid:ann", "409 passkey_exists")
    try await check("register x \(ann) again", "410 flow_expired")
    // Authentication.
    try await check("authenticate ann", "200")
    try await check("authenticate bob", "200")
    try await check("authenticate ann again", "410 flow_expired")
    try await check("authenticate ann replay", "401 invalid_passkey", .challenge)
    try await check("authenticate ann origin", "401 invalid_passkey", .origin)
    try await check("authenticate ann rpid", "401 invalid_passkey", .rpIDHash)
    try await check("authenticate ann flip", "401 invalid_passkey", .signature)
    try await check("authenticate ann noup", "401 invalid_passkey", .userNotPresent)
    try await check("authenticate ann unknown", "401 invalid_passkey", .unknownCredential)
    try await check("authenticate ann handle:bob", "401 invalid_passkey", .userHandle)
    try await check("authenticate ann countback", "401 invalid_passkey", .signCount)
    try await check("authenticate ann", "200")

    // A flow past its 5 minutes, for both ceremonies.
    _ = try await peer.run("register late \(ann) hold")
    server.clock.advance(by: 301)
    try await check("finish register", "410 flow_expired")
    _ = try await peer.run("authenticate ann hold")
    server.clock.advance(by: 301)
    try await check("finish authenticate", "410 flow_expired")
    // Ann's sign-up is now more than 10 minutes old: registration wants a fresh sign-in.
    let stale = try await peer.run("register y \(ann)")
    #expect(stale["optionsStatus"] as? Int == 403)
    #expect(stale["code"] as? String == "reauthentication_required")
    results.append("register stale sign-in: 403 reauthentication_required")
    print("soft-webauthn interop:\n  " + results.joined(separator: "\n  "))
  }
}

/// When the soft-webauthn tests run, skip or fail: never skipped under CI.
@Suite("soft-webauthn availability")
struct SoftWebAuthnAvailabilityTests {
  private let root = URL(fileURLWithPath: "/package")

  @Test("a missing environment skips outside CI and fails under CI=true")
  func missingPeer_skipsOnlyOutsideCI() {
    let missing = { (_: String) in false }
    let outside = ProviderAvailability.decide(
      peer: .softWebAuthn, environment: [:], packageRoot: root, isExecutable: missing)
    #expect(!outside.runs)
    #expect(outside.comment.contains("/package/.build-softwebauthn-venv/bin/python"))
    let inCI = ProviderAvailability.decide(
      peer: .softWebAuthn, environment: ["CI": "true"], packageRoot: root, isExecutable: missing)
    #expect(inCI.runs)
    guard case .failing = inCI else {
      Issue.record("CI=true must fail when the peer is missing, not \(inCI)")
      return
    }
  }

  @Test("KOOBER_SOFTWEBAUTHN_PYTHON names the Python")
  func environmentNamesThePython() {
    let decision = ProviderAvailability.decide(
      peer: .softWebAuthn, environment: ["KOOBER_SOFTWEBAUTHN_PYTHON": "/opt/py/bin/python"], packageRoot: root,
      isExecutable: { $0 == "/opt/py/bin/python" })
    #expect(decision == .ready(python: URL(fileURLWithPath: "/opt/py/bin/python")))
  }
}

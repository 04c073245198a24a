import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import SoftwarePasskeys

/// The app's local check of the person, as SoftwareAuthenticator asks it: it passes or
/// fails as the test says, and can hold the authenticator (the person still looking at the
/// prompt) until the test opens its gate.
actor LocalCheck {
  private var passes = true
  private var gate: CallGate?

  /// Makes the check answer `passes` from now on.
  func answer(_ passes: Bool) { self.passes = passes }

  /// Holds every check until `gate` opens.
  func hold(with gate: CallGate) { self.gate = gate }

  func run() async -> Bool {
    if let gate { await gate.wait() }
    return passes
  }
}

/// Passkeys, authenticators and controls for the passkey tests.
enum PasskeyFixtures {
  static let laptop = Passkey(
    id: "cred-laptop", name: "Ann's laptop", createdAt: Fixtures.now - 86_400,
    lastUsedAt: Fixtures.now - 60)
  static let phone = Passkey(id: "cred-phone", name: "Phone", createdAt: Fixtures.now - 600)
  static let workKey = Passkey(id: "cred-work", name: "Work key", createdAt: Fixtures.now)

  /// A software authenticator with its keys in memory and its local check `check`, holding
  /// one passkey of the fake's site when `withPasskey`.
  static func authenticator(check: LocalCheck, withPasskey: Bool = true) async throws
    -> SoftwareAuthenticator
  {
    let authenticator = SoftwareAuthenticator.inMemory(userVerification: { await check.run() })
    if withPasskey {
      _ = try await authenticator.register(FakeLoginService.defaultPasskeyCreationOptions)
    }
    return authenticator
  }
}

extension World {
  func passkeySignInControl(from entry: LoginEntryPoint = .welcome)
    -> PasskeySignInLogicControl
  {
    let control = PasskeySignInLogicControl(environment: environment, entryPoint: entry)
    control.delegate = recorder
    return control
  }

  func passkeysControl(defaultName: String = "Ann's laptop") -> PasskeysLogicControl {
    let control = PasskeysLogicControl(environment: environment, defaultName: defaultName)
    control.delegate = recorder
    return control
  }

  /// The log's lines without their time stamps.
  var events: [String] {
    log.lines.map { String($0.split(separator: " ", maxSplits: 1)[1]) }
  }
}

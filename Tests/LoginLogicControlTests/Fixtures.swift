import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import TestSupport
import UserModel

/// Shared values and a ready-made environment for the logic tests.
enum Fixtures {
  /// 2027-01-15T08:00:00Z: every "now" of these tests.
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  static let password = "Secr3t-pass!"
  static let accessToken = "tok-access-7f3a9c"
  static let refreshToken = "tok-refresh-b81e44"
  static let code = "493817"

  static let ann = User(
    id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .member)
  static let dan = User(
    id: "usr_dan", identifier: "dan@example.com", email: "dan@example.com", name: nil, type: .admin
  )

  static func user(_ type: UserType) -> User {
    type == .member ? ann : dan
  }

  static func session(_ user: User) -> UserSession {
    UserSession(
      user: user, accessToken: accessToken, accessTokenExpiresAt: now.addingTimeInterval(900),
      refreshToken: refreshToken, refreshTokenExpiresAt: now.addingTimeInterval(2_592_000))
  }

  static func challenge(_ id: String = "chl_one", seconds: TimeInterval = 60) -> Challenge {
    Challenge(id: id, expiresAt: now.addingTimeInterval(seconds), channel: "sms")
  }
}

/// One test's world: a fake service, a manual clock, a log and a recorder.
@MainActor
struct World {
  /// Rules that ask for a letter and a digit, as a server may (the default asks for no kinds).
  static let letterAndDigit = CredentialRules(requiredPasswordCharacters: [.letter, .digit])

  var service = FakeLoginService()
  let clock = ManualClock()
  let log = LoginEventLog(now: { Fixtures.now })
  let recorder = DelegateRecorder()

  var environment: LoginEnvironment {
    LoginEnvironment(service: service, log: log, clock: clock, now: { Fixtures.now })
  }

  func signInControl(from entry: LoginEntryPoint = .welcome) -> SignInLogicControl {
    let control = SignInLogicControl(environment: environment, entryPoint: entry)
    control.delegate = recorder
    return control
  }

  func signUpControl(from entry: LoginEntryPoint = .welcome) -> SignUpLogicControl {
    let control = SignUpLogicControl(environment: environment, entryPoint: entry)
    control.delegate = recorder
    return control
  }

  /// Signs an admin in up to the code screen and starts its countdown.
  func codeControl(
    from entry: LoginEntryPoint = .welcome, challenge: Challenge = Fixtures.challenge()
  ) async -> CodeLogicControl? {
    service.signInResults = [.success(.codeRequired(challenge))]
    await signInControl(from: entry).signIn(
      identifier: Fixtures.dan.identifier, password: Fixtures.password)?
      .value
    recorder.codeControl?.start()
    return recorder.codeControl
  }
}

/// Waits, in real time, until `condition` holds; `false` when `limit` passed first.
@MainActor
func waitUntil(
  within limit: Duration = .seconds(60), _ condition: @MainActor () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let giveUp = clock.now.advanced(by: limit)
  while !condition() {
    if clock.now >= giveUp { return false }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}

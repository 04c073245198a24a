import Foundation
import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

/// The skeleton the seven controls share, checked on each: one request at a time (a second
/// one while the first is out is ignored and logged in the control's own area), and state
/// written before any delegate call (a delegate reading the control back sees it busy from the
/// start to the last call before the answer, and idle when the answer reaches it).
@MainActor
@Suite("One request at a time, in every control")
struct OneRequestAtATimeTests {
  /// One control, driven the same way: started, asked again while out, then answered.
  struct Flow: Sendable, CustomTestStringConvertible {
    let name: String
    /// The control's area in the log, e.g. `sign-in`.
    let area: String
    /// Every delegate call the flow makes, with whether the control said it was busy then.
    let expected: [ReadBack.Seen]
    var testDescription: String { name }
  }

  nonisolated static let flows: [Flow] = [
    Flow(name: "launch", area: "launch", expected: [.init("launchRestored", busy: false)]),
    Flow(
      name: "sign-out", area: "session",
      expected: [.init("signingOut", busy: true), .init("signedOut", busy: false)]),
    Flow(
      name: "sign-in", area: "sign-in",
      expected: [.init("signInStarted", busy: true), .init("signedIn", busy: false)]),
    Flow(
      name: "sign-up", area: "sign-up",
      expected: [.init("signUpStarted", busy: true), .init("signedIn", busy: false)]),
    Flow(
      name: "code", area: "code",
      expected: [
        .init("tick", busy: false), .init("verifying", busy: true), .init("signedIn", busy: false),
      ]),
    Flow(
      name: "browser", area: "browser sign-in",
      expected: [
        .init("browserStarted", busy: true), .init("browserWaiting", busy: true),
        .init("signedIn", busy: false),
      ]),
    Flow(
      name: "device", area: "device sign-in",
      expected: [
        .init("deviceStarted", busy: true), .init("deviceShown", busy: true),
        .init("signedIn", busy: false),
      ]),
  ]

  /// Makes the flow's control, scripted to succeed, and returns how to start it and read it.
  private func control(
    _ flow: Flow, in world: World, delegate: ReadBack
  ) -> (start: () -> Task<Void, Never>?, busy: () -> Bool) {
    let environment = world.environment
    let service = world.service
    let session = Fixtures.session(Fixtures.ann)
    switch flow.name {
    case "launch":
      service.restoreOutcome = .signedIn(session)
      let control = LaunchLogicControl(environment: environment)
      control.delegate = delegate
      return ({ control.checkSession() }, { control.isChecking })
    case "sign-out":
      let control = SessionLogicControl(environment: environment)
      control.delegate = delegate
      return ({ control.signOut() }, { control.isSigningOut })
    case "sign-in":
      service.signInResults = [.success(.signedIn(session))]
      let control = SignInLogicControl(environment: environment, entryPoint: .welcome)
      control.delegate = delegate
      return (
        { control.signIn(identifier: Fixtures.ann.identifier, password: Fixtures.password) },
        { control.isSigningIn }
      )
    case "sign-up":
      service.signUpResults = [.success(session)]
      let control = SignUpLogicControl(environment: environment, entryPoint: .welcome)
      control.delegate = delegate
      let form = SignUpCredentials(
        identifier: Fixtures.ann.identifier, password: Fixtures.password, name: "Ann",
        type: .member)
      return ({ control.signUp(form) }, { control.isSigningUp })
    case "code":
      service.verifyResults = [.success(session)]
      let control = CodeLogicControl(
        environment: environment, entryPoint: .welcome, resuming: Fixtures.challenge())
      control.delegate = delegate
      delegate.busy = { control.isBusy }
      control.start()
      return ({ control.submit(code: Fixtures.code) }, { control.isBusy })
    case "browser":
      service.browserSignInResults = [.success(session)]
      let control = BrowserSignInLogicControl(environment: environment, entryPoint: .welcome)
      control.delegate = delegate
      return ({ control.signIn(with: ReturningAgent()) }, { control.isSigningIn })
    default:
      service.deviceStartResults = [.success(ProviderSignInLogicTests.authorization())]
      service.deviceFinishResults = [.success(session)]
      let control = DeviceSignInLogicControl(environment: environment, entryPoint: .welcome)
      control.delegate = delegate
      return ({ control.start() }, { control.isSigningIn })
    }
  }

  @Test("a second request while one is out is ignored and logged in the control's area",
    arguments: flows)
  func secondRequestIgnored(_ flow: Flow) async {
    let world = World()
    let gate = CallGate()
    world.service.gate = gate
    let delegate = ReadBack()
    let (start, busy) = control(flow, in: world, delegate: delegate)
    delegate.busy = busy
    let first = start()
    #expect(first != nil)
    #expect(busy())
    let callsBefore = delegate.seen.count
    let linesBefore = world.log.lines.count
    #expect(start() == nil)
    #expect(delegate.seen.count == callsBefore)
    #expect(world.log.lines.count == linesBefore + 1)
    #expect(world.log.lines.last?.contains(" \(flow.area): ignored, ") == true)
    await gate.open()
    await first?.value
    #expect(!busy())
    #expect(delegate.seen == flow.expected)
  }
}

/// A delegate of every control that notes, at each call, whether the control said it was busy.
@MainActor
final class ReadBack {
  struct Seen: Equatable, Sendable, CustomStringConvertible {
    let call: String
    let busy: Bool
    init(_ call: String, busy: Bool) {
      self.call = call
      self.busy = busy
    }
    var description: String { "\(call)(busy: \(busy))" }
  }

  var busy: () -> Bool = { false }
  private(set) var seen: [Seen] = []

  func note(_ call: String) {
    seen.append(Seen(call, busy: busy()))
  }
}

extension ReadBack: LaunchLogicDelegate, SessionLogicDelegate {
  func launchLogic(
    _ control: LaunchLogicControl, didRestoreSessionOf user: User, goHomeAsRoot home: UserType
  ) { note("launchRestored") }
  func launchLogic(
    _ control: LaunchLogicControl, couldNotValidateSessionOf user: User,
    goHomeOfflineAsRoot home: UserType, message: String
  ) { note("launchOffline") }
  func launchLogicFoundNoSessionGoToWelcome(_ control: LaunchLogicControl) {
    note("launchNoSession")
  }
  func launchLogic(_ control: LaunchLogicControl, sessionExpiredGoToWelcomeWith message: String) {
    note("launchExpired")
  }
  func launchLogic(
    _ control: LaunchLogicControl, sessionUnreadableGoToWelcomeWith message: String
  ) { note("launchUnreadable") }
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) { note("signingOut") }
  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    note("signedOut")
  }
  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) { note("sessionEnded") }
}

extension ReadBack: SignInLogicDelegate, SignUpLogicDelegate, CodeLogicDelegate {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    note("signedIn")
  }
  func signInLogicDidStart(_ control: SignInLogicControl) { note("signInStarted") }
  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    note("signInFailed")
  }
  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {
    note("needsCode")
  }
  func signUpLogicDidStart(_ control: SignUpLogicControl) { note("signUpStarted") }
  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
    note("signUpFailed")
  }
  func codeLogic(_ control: CodeLogicControl, countdownDidTick secondsLeft: Int) { note("tick") }
  func codeLogicDidStartVerifying(_ control: CodeLogicControl) { note("verifying") }
  func codeLogic(_ control: CodeLogicControl, didFail failure: AuthFailure) { note("codeFailed") }
  func codeLogicDidStartResending(_ control: CodeLogicControl) { note("resending") }
  func codeLogicDidResendCode(_ control: CodeLogicControl) { note("resent") }
  func codeLogic(_ control: CodeLogicControl, challengeEndedGoBackToSignIn failure: AuthFailure)
  { note("backToSignIn") }
}

extension ReadBack: BrowserSignInLogicDelegate, DeviceSignInLogicDelegate {
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl) {
    note("browserStarted")
  }
  func browserSignInLogic(_ control: BrowserSignInLogicControl, isWaitingForBrowserAt url: URL) {
    note("browserWaiting")
  }
  func browserSignInLogicDidCancel(_ control: BrowserSignInLogicControl) {
    note("browserCancelled")
  }
  func browserSignInLogic(_ control: BrowserSignInLogicControl, didFail failure: AuthFailure) {
    note("browserFailed")
  }
  func deviceSignInLogicDidStart(_ control: DeviceSignInLogicControl) { note("deviceStarted") }
  func deviceSignInLogic(
    _ control: DeviceSignInLogicControl, show authorization: DeviceAuthorization,
    secondsLeft: Int
  ) { note("deviceShown") }
  func deviceSignInLogic(_ control: DeviceSignInLogicControl, secondsLeft: Int) { note("tick") }
  func deviceSignInLogicDidCancel(_ control: DeviceSignInLogicControl) {
    note("deviceCancelled")
  }
  func deviceSignInLogic(_ control: DeviceSignInLogicControl, didFail failure: AuthFailure) {
    note("deviceFailed")
  }
}

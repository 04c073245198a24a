import Foundation
import LoginCore
import LoginLogicControl
import UserModel

/// Every delegate call of every control, in one ordered list, so a test asserts the whole
/// sequence and nothing more. It wires a handed-over code control to itself, as a host would.
@MainActor
final class DelegateRecorder {
  /// Which control finished a login flow.
  enum Source: Equatable { case signIn, code, signUp, browser, device, accounts, passkey }

  enum Call: Equatable {
    // The route (LoginRouteDelegate)
    case signedIn(User, LoginRoute, from: Source)
    // Launch
    case launchRestored(User, goHome: UserType)
    case launchOffline(User, goHome: UserType, message: String)
    case launchNoSession
    case launchExpired(message: String)
    case launchUnreadable(message: String)
    // Sign-in
    case signInStarted
    case signInFailed(AuthFailure)
    case needsCode(Challenge)
    // Code
    case tick(Int)
    case verifying
    case codeFailed(AuthFailure)
    case resending
    case resent
    case backToSignIn(AuthFailure)
    // Browser and device sign-ins
    case browserStarted
    case browserWaiting(URL)
    case browserCancelled
    case browserFailed(AuthFailure)
    case deviceStarted
    case deviceShown(userCode: String, secondsLeft: Int)
    case deviceCancelled
    case deviceFailed(AuthFailure)
    // Sign-up
    case signUpStarted
    case signUpFailed(AuthFailure)
    // Session
    case signingOut
    case signedOut(notice: String?)
    case sessionEnded(SignOutReason, message: String)
    case switchedTo(User, LoginRoute, notice: String?)
    // Accounts
    case accountsLoaded([Account])
    case accountsStarted
    case accountsFailed(AuthFailure, message: String)
    case addAccount(from: LoginEntryPoint)
    case accountsSignedOut(AccountsLogicControl.AfterSignOut, notice: String?)
    // Passkey sign-in
    case passkeyStarted
    case passkeyWaiting
    case passkeyCancelled
    case noPasskey(message: String)
    case passkeyFailed(AuthFailure, message: String)
    // Passkeys
    case passkeysStarted
    case passkeysLoaded([Passkey])
    case passkeysChanged(PasskeysLogicControl.Change)
    case freshSignInNeeded(name: String)
    case passkeysFailed(AuthFailure, message: String)
  }

  var calls: [Call] = []
  private(set) var codeControl: CodeLogicControl?

  private func source(of control: any LoginFlowControl) -> Source {
    switch control {
    case is CodeLogicControl: .code
    case is SignUpLogicControl: .signUp
    case is BrowserSignInLogicControl: .browser
    case is DeviceSignInLogicControl: .device
    case is AccountsLogicControl: .accounts
    case is PasskeySignInLogicControl: .passkey
    default: .signIn
    }
  }
}

extension DelegateRecorder: LoginRouteDelegate {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    calls.append(.signedIn(user, route, from: source(of: control)))
  }
}

extension DelegateRecorder: LaunchLogicDelegate {
  func launchLogic(
    _ control: LaunchLogicControl, didRestoreSessionOf user: User, goHomeAsRoot home: UserType
  ) {
    calls.append(.launchRestored(user, goHome: home))
  }

  func launchLogic(
    _ control: LaunchLogicControl, couldNotValidateSessionOf user: User,
    goHomeOfflineAsRoot home: UserType, message: String
  ) {
    calls.append(.launchOffline(user, goHome: home, message: message))
  }

  func launchLogicFoundNoSessionGoToWelcome(_ control: LaunchLogicControl) {
    calls.append(.launchNoSession)
  }

  func launchLogic(_ control: LaunchLogicControl, sessionExpiredGoToWelcomeWith message: String) {
    calls.append(.launchExpired(message: message))
  }

  func launchLogic(
    _ control: LaunchLogicControl, sessionUnreadableGoToWelcomeWith message: String
  ) {
    calls.append(.launchUnreadable(message: message))
  }
}

extension DelegateRecorder: SignInLogicDelegate {
  func signInLogicDidStart(_ control: SignInLogicControl) {
    calls.append(.signInStarted)
  }

  func signInLogic(_ control: SignInLogicControl, didFail failure: AuthFailure) {
    calls.append(.signInFailed(failure))
  }

  func signInLogic(_ control: SignInLogicControl, needsCode codeControl: CodeLogicControl) {
    calls.append(.needsCode(codeControl.challenge))
    codeControl.delegate = self
    self.codeControl = codeControl
  }
}

extension DelegateRecorder: CodeLogicDelegate {
  func codeLogic(_ control: CodeLogicControl, countdownDidTick secondsLeft: Int) {
    calls.append(.tick(secondsLeft))
  }

  func codeLogicDidStartVerifying(_ control: CodeLogicControl) {
    calls.append(.verifying)
  }

  func codeLogic(_ control: CodeLogicControl, didFail failure: AuthFailure) {
    calls.append(.codeFailed(failure))
  }

  func codeLogicDidStartResending(_ control: CodeLogicControl) {
    calls.append(.resending)
  }

  func codeLogicDidResendCode(_ control: CodeLogicControl) {
    calls.append(.resent)
  }

  func codeLogic(
    _ control: CodeLogicControl, challengeEndedGoBackToSignIn failure: AuthFailure
  ) {
    calls.append(.backToSignIn(failure))
  }
}

extension DelegateRecorder: SignUpLogicDelegate {
  func signUpLogicDidStart(_ control: SignUpLogicControl) {
    calls.append(.signUpStarted)
  }

  func signUpLogic(_ control: SignUpLogicControl, didFail failure: AuthFailure) {
    calls.append(.signUpFailed(failure))
  }
}

extension DelegateRecorder: SessionLogicDelegate {
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) {
    calls.append(.signingOut)
  }

  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    calls.append(.signedOut(notice: notice))
  }

  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) {
    calls.append(.sessionEnded(reason, message: message))
  }

  func sessionLogic(
    _ control: SessionLogicControl, didSwitchTo user: User, route: LoginRoute, notice: String?
  ) {
    calls.append(.switchedTo(user, route, notice: notice))
  }
}

extension DelegateRecorder: AccountsLogicDelegate {
  func accountsLogic(_ control: AccountsLogicControl, didLoad accounts: [Account]) {
    calls.append(.accountsLoaded(accounts))
  }

  func accountsLogicDidStart(_ control: AccountsLogicControl) {
    calls.append(.accountsStarted)
  }

  func accountsLogic(
    _ control: AccountsLogicControl, didFail failure: AuthFailure, message: String
  ) {
    calls.append(.accountsFailed(failure, message: message))
  }

  func accountsLogic(
    _ control: AccountsLogicControl, addAccountGoToSignInFrom entry: LoginEntryPoint
  ) {
    calls.append(.addAccount(from: entry))
  }

  func accountsLogic(
    _ control: AccountsLogicControl, didSignOut next: AccountsLogicControl.AfterSignOut,
    notice: String?
  ) {
    calls.append(.accountsSignedOut(next, notice: notice))
  }
}

extension DelegateRecorder: BrowserSignInLogicDelegate {
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl) {
    calls.append(.browserStarted)
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, isWaitingForBrowserAt url: URL) {
    calls.append(.browserWaiting(url))
  }

  func browserSignInLogicDidCancel(_ control: BrowserSignInLogicControl) {
    calls.append(.browserCancelled)
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, didFail failure: AuthFailure) {
    calls.append(.browserFailed(failure))
  }
}

extension DelegateRecorder: DeviceSignInLogicDelegate {
  func deviceSignInLogicDidStart(_ control: DeviceSignInLogicControl) {
    calls.append(.deviceStarted)
  }

  func deviceSignInLogic(
    _ control: DeviceSignInLogicControl, show authorization: DeviceAuthorization,
    secondsLeft: Int
  ) {
    calls.append(.deviceShown(userCode: authorization.userCode, secondsLeft: secondsLeft))
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, secondsLeft: Int) {
    calls.append(.tick(secondsLeft))
  }

  func deviceSignInLogicDidCancel(_ control: DeviceSignInLogicControl) {
    calls.append(.deviceCancelled)
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, didFail failure: AuthFailure) {
    calls.append(.deviceFailed(failure))
  }
}

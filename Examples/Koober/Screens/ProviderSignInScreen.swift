import Foundation
import LoginCore
import LoginLogicControl
import LoginViewModel
import ServiceUserOIDC
import UserModel

/// `[Sign in with browser]` and `[Sign in on another device]` (OIDC mode): the provider's
/// address (and, on another device, the code and the time left) while the logic control
/// waits, then the signed-in route, or an alert and back to where the sign-in began.
@MainActor
final class ProviderSignInScreen: Screen, LoginRouting {
  /// Which sign-in the screen runs.
  enum Way {
    /// In the system browser, opened with `$BROWSER` when set.
    case browser(program: String?)
    /// On another device, with a code.
    case device
  }

  var signedInDestination: Destination?
  /// Starts the control's sign-in (with the agent, for the browser); set by the container.
  var start: (LoopbackUserAgent?) -> Task<Void, Never>? = { _ in nil }

  private let console: Console
  private let way: Way
  private let entry: LoginEntryPoint
  private let browserScreen = BrowserSignInViewModel()
  private let deviceScreen = DeviceSignInViewModel()
  private var failure: AuthFailure?

  init(console: Console, way: Way, entry: LoginEntryPoint) {
    self.console = console
    self.way = way
    self.entry = entry
    for model in [browserScreen, deviceScreen] as [ProviderSignInViewModel] {
      model.onStatusTextChange = { [weak self] text in
        if let text { self?.console.note(text) }
      }
    }
    deviceScreen.onCodeTextChange = { [weak self] code in
      if let code { self?.console.line("  " + code) }
    }
  }

  func run() async -> Destination {
    let agent: LoopbackUserAgent?
    switch way {
    case .browser:
      console.title(KooberText.text("browserSignIn.title"))
      do {
        agent = try LoopbackUserAgent(prompt: "login") { _ in }
      } catch {
        console.alert(error.message)
        return entry.backDestination
      }
    case .device:
      console.title(KooberText.text("deviceSignIn.title"))
      agent = nil
    }
    await start(agent)?.value
    if let signedInDestination { return signedInDestination }
    if let failure, failure != .refused(.signInCancelled) { console.alert(failure.message) }
    return entry.backDestination
  }
}

extension ProviderSignInScreen: BrowserSignInLogicDelegate {
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl) {
    browserScreen.started()
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, isWaitingForBrowserAt url: URL)
  {
    console.note(CommandText.text("signIn.browserOpen"))
    console.line("  " + url.absoluteString)
    if case .browser(let program?) = way,
      !ProviderSignIn.launch(program, url: url, path: ProcessInfo.processInfo.environment["PATH"])
    {
      console.alert(CommandText.text("signIn.browserNotStarted", ["browser": program]))
    }
    browserScreen.waitingForBrowser()
  }

  func browserSignInLogicDidCancel(_ control: BrowserSignInLogicControl) {
    browserScreen.cancelled()
    failure = .refused(.signInCancelled)
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, didFail failure: AuthFailure) {
    browserScreen.failed(failure.message)
    self.failure = failure
  }
}

extension ProviderSignInScreen: DeviceSignInLogicDelegate {
  func deviceSignInLogicDidStart(_ control: DeviceSignInLogicControl) {
    deviceScreen.started()
  }

  func deviceSignInLogic(
    _ control: DeviceSignInLogicControl, show authorization: DeviceAuthorization,
    secondsLeft: Int
  ) {
    deviceScreen.show(
      userCode: authorization.userCode, address: authorization.verificationURI.absoluteString,
      secondsLeft: secondsLeft)
    if let complete = authorization.verificationURIComplete {
      console.note(CommandText.text("signIn.deviceComplete", ["url": complete.absoluteString]))
    }
    if let countdown = deviceScreen.countdownText { console.note(countdown) }
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, secondsLeft: Int) {
    deviceScreen.remainingSecondsChanged(secondsLeft)
    // A line a minute: the screen stays readable in a transcript.
    if secondsLeft % 60 == 0, let countdown = deviceScreen.countdownText {
      console.note(countdown)
    }
  }

  func deviceSignInLogicDidCancel(_ control: DeviceSignInLogicControl) {
    deviceScreen.cancelled()
    failure = .refused(.signInCancelled)
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, didFail failure: AuthFailure) {
    deviceScreen.failed(failure.message)
    self.failure = failure
  }
}

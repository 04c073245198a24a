import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginViewModel
import ServiceUserOIDC
import UserModel

/// Where a provider sign-in's texts go: stderr for `koober sign-in --browser/--device`, the
/// screen for the menus.
@MainActor
protocol ProviderSignInOutput: AnyObject {
  /// A status sentence ("Finish signing in in your browser.").
  func say(_ text: String)
  /// A line to copy: the provider's address, the user code.
  func show(_ text: String)
  /// Something went wrong on the way that does not end the sign-in.
  func warn(_ text: String)
  /// The device code's time left ("Expires in 4:59"), every second.
  func countdown(_ text: String, secondsLeft: Int)
}

/// The delegate of both provider sign-in controls, for the command and the screen alike: it
/// forwards their events to the view models, whose texts go to `output`, runs `$BROWSER`
/// with a private page that forwards to the provider's address (`BrowserLauncher`: the
/// address itself goes to the person's own screen only), removes the page when the sign-in
/// ends, and keeps how the sign-in ended.
@MainActor
final class ProviderSignInPresenter {
  /// How a sign-in ended.
  enum Outcome {
    case signedIn(User, LoginRoute)
    case cancelled
    case failed(AuthFailure)
  }

  /// How the sign-in ended, or `nil` while it runs.
  private(set) var outcome: Outcome?
  /// Where the texts go; held weakly (the output owns the presenter).
  weak var output: (any ProviderSignInOutput)?

  private let browser: BrowserLauncher?
  private let browserScreen = BrowserSignInViewModel()
  private let deviceScreen = DeviceSignInViewModel()
  private var secondsLeft = 0
  /// Set while the code is being shown: the first countdown comes after the code.
  private var showingCode = false

  /// Makes a presenter.
  /// - Parameter browser: `$BROWSER`, run with a page forwarding to the provider's address;
  ///   `nil` for none.
  init(browser: BrowserLauncher?) {
    self.browser = browser
    for model in [browserScreen, deviceScreen] as [ProviderSignInViewModel] {
      model.onStatusTextChange = { [weak self] text in
        if let text { self?.output?.say(text) }
      }
    }
    deviceScreen.onCountdownTextChange = { [weak self] text in
      guard let self, let text, !showingCode else { return }
      output?.countdown(text, secondsLeft: secondsLeft)
    }
  }

  private func end(_ outcome: Outcome) {
    self.outcome = outcome
    // The browser has read the page by now, or never will: its address is over either way.
    browser?.removePage()
    switch outcome {
    case .signedIn:
      browserScreen.signedIn()
      deviceScreen.signedIn()
    case .cancelled:
      browserScreen.cancelled()
      deviceScreen.cancelled()
    case .failed(let failure):
      browserScreen.failed(failure.message)
      deviceScreen.failed(failure.message)
    }
  }
}

extension ProviderSignInPresenter: LoginRouteDelegate {
  func loginLogic(_ control: any LoginFlowControl, didSignIn user: User, route: LoginRoute) {
    end(.signedIn(user, route))
  }
}

extension ProviderSignInPresenter: BrowserSignInLogicDelegate {
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl) {
    browserScreen.started()
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, isWaitingForBrowserAt url: URL)
  {
    output?.say(TextTable.kooberCommands.text("signIn.browserOpen"))
    output?.show("  " + url.absoluteString)
    if let browser, !browser.open(BrowserPage(forwardingTo: url)) {
      output?.warn(
        TextTable.kooberCommands.text("signIn.browserNotStarted", ["browser": browser.program]))
    }
    browserScreen.waitingForBrowser()
  }

  func browserSignInLogicDidCancel(_ control: BrowserSignInLogicControl) {
    end(.cancelled)
  }

  func browserSignInLogic(_ control: BrowserSignInLogicControl, didFail failure: AuthFailure) {
    end(.failed(failure))
  }
}

extension ProviderSignInPresenter: DeviceSignInLogicDelegate {
  func deviceSignInLogicDidStart(_ control: DeviceSignInLogicControl) {
    deviceScreen.started()
  }

  func deviceSignInLogic(
    _ control: DeviceSignInLogicControl, show authorization: DeviceAuthorization,
    secondsLeft: Int
  ) {
    self.secondsLeft = secondsLeft
    showingCode = true
    deviceScreen.show(
      userCode: authorization.userCode, address: authorization.verificationURI.absoluteString,
      secondsLeft: secondsLeft)
    showingCode = false
    output?.show("  " + authorization.userCode)
    if let complete = authorization.verificationURIComplete {
      output?.say(
        TextTable.kooberCommands.text("signIn.deviceComplete", ["url": complete.absoluteString]))
    }
    if let countdown = deviceScreen.countdownText {
      output?.countdown(countdown, secondsLeft: secondsLeft)
    }
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, secondsLeft: Int) {
    self.secondsLeft = secondsLeft
    deviceScreen.remainingSecondsChanged(secondsLeft)
  }

  func deviceSignInLogicDidCancel(_ control: DeviceSignInLogicControl) {
    end(.cancelled)
  }

  func deviceSignInLogic(_ control: DeviceSignInLogicControl, didFail failure: AuthFailure) {
    end(.failed(failure))
  }
}

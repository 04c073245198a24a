import Foundation
import LoginCore

/// Receives what happens in a browser sign-in; success arrives through the
/// `LoginRouteDelegate` method it inherits.
@MainActor
public protocol BrowserSignInLogicDelegate: LoginRouteDelegate {
  /// The sign-in started: show that it is loading, with a Cancel button.
  /// - Parameter control: The browser sign-in control.
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl)

  /// The provider's page is being opened in the browser: say "finish signing in in your
  /// browser", keep Cancel available, and (on a desktop or in a terminal) show the address
  /// in case no browser opens. The address holds nothing secret: its `state`, `nonce` and
  /// PKCE challenge are public by design.
  /// - Parameters:
  ///   - control: The browser sign-in control.
  ///   - url: The provider's sign-in page.
  func browserSignInLogic(_ control: BrowserSignInLogicControl, isWaitingForBrowserAt url: URL)

  /// The person (or the app) cancelled: go back to the sign-in choices, with no message.
  /// - Parameter control: The browser sign-in control.
  func browserSignInLogicDidCancel(_ control: BrowserSignInLogicControl)

  /// The sign-in failed: show `failure.message` with the sign-in choices.
  /// - Parameters:
  ///   - control: The browser sign-in control.
  ///   - failure: Why, e.g. `.refused(.signInDeclined)` (the person said no at the
  ///     provider), `.refused(.signInExpired)` (the browser never came back),
  ///     `.refused(.signInInterrupted)`, `.unsupported(.browserSignIn)`,
  ///     `.unavailable(.offline)`.
  func browserSignInLogic(_ control: BrowserSignInLogicControl, didFail failure: AuthFailure)
}

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
  /// in case no browser opens. Show it on the person's own screen only: until the sign-in
  /// ends, its `state`, `nonce` and PKCE challenge let whoever reads it finish the sign-in as
  /// someone else, so it belongs on no command line or file another local user can read.
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

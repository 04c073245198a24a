import LoginCore

/// Receives what happens in a browser sign-in; success arrives through the
/// `LoginRouteDelegate` method it inherits.
@MainActor
public protocol BrowserSignInLogicDelegate: LoginRouteDelegate {
  /// The sign-in started: show that it is loading, with a Cancel button.
  /// - Parameter control: The browser sign-in control.
  func browserSignInLogicDidStart(_ control: BrowserSignInLogicControl)

  /// The provider's page is being opened in the browser: say "finish signing in in your
  /// browser" and keep Cancel available.
  /// - Parameter control: The browser sign-in control.
  func browserSignInLogicIsWaitingForBrowser(_ control: BrowserSignInLogicControl)

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

import LoginCore

/// Receives what happens in a device sign-in; success arrives through the
/// `LoginRouteDelegate` method it inherits.
@MainActor
public protocol DeviceSignInLogicDelegate: LoginRouteDelegate {
  /// The sign-in started: show that a code is on its way, with a Cancel button.
  /// - Parameter control: The device sign-in control.
  func deviceSignInLogicDidStart(_ control: DeviceSignInLogicControl)

  /// Show the code and the address (or `verificationURIComplete` as a link or QR code):
  /// the service now waits for the person to finish on their other device.
  /// - Parameters:
  ///   - control: The device sign-in control.
  ///   - authorization: The code and address.
  ///   - secondsLeft: Whole seconds until the code expires.
  func deviceSignInLogic(
    _ control: DeviceSignInLogicControl, show authorization: DeviceAuthorization,
    secondsLeft: Int)

  /// One second passed while waiting: update the time left.
  /// - Parameters:
  ///   - control: The device sign-in control.
  ///   - secondsLeft: Whole seconds until the code expires.
  func deviceSignInLogic(_ control: DeviceSignInLogicControl, secondsLeft: Int)

  /// The person (or the app) cancelled: go back to the sign-in choices, with no message.
  /// - Parameter control: The device sign-in control.
  func deviceSignInLogicDidCancel(_ control: DeviceSignInLogicControl)

  /// The sign-in ended without a session: show `failure.message` with the sign-in choices.
  /// - Parameters:
  ///   - control: The device sign-in control.
  ///   - failure: Why: `.refused(.signInDeclined)` (denied on the other device),
  ///     `.refused(.signInExpired)` (the code expired), `.unsupported(.deviceSignIn)`,
  ///     `.unavailable(.offline)`, …
  func deviceSignInLogic(_ control: DeviceSignInLogicControl, didFail failure: AuthFailure)
}

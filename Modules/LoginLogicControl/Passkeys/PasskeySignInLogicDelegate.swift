import LoginCore

/// Receives what happens in a passkey sign-in; success arrives through the
/// `LoginRouteDelegate` method it inherits, routed like a password sign-in.
///
/// ```swift
/// func passkeySignInLogicDidCancel(_ control: PasskeySignInLogicControl) {
///   screen.cancelled()   // back to the sign-in choices, no alert
/// }
/// ```
@MainActor
public protocol PasskeySignInLogicDelegate: LoginRouteDelegate {
  /// The sign-in started (the server is asked for a challenge): show that it is loading.
  /// - Parameter control: The passkey sign-in control.
  func passkeySignInLogicDidStart(_ control: PasskeySignInLogicControl)

  /// The authenticator was handed the challenge: the person now answers it (the system's
  /// passkey sheet, a fingerprint, the device password). Keep the screen waiting.
  /// - Parameter control: The passkey sign-in control.
  func passkeySignInLogicIsWaitingForAuthenticator(_ control: PasskeySignInLogicControl)

  /// The person cancelled at the authenticator: go back to where the sign-in began, with
  /// no message. Nothing was sent.
  /// - Parameter control: The passkey sign-in control.
  func passkeySignInLogicDidCancel(_ control: PasskeySignInLogicControl)

  /// The authenticator holds no passkey for this site: stay, show `message` (sign in
  /// another way, then add a passkey), and offer the other sign-ins.
  /// - Parameters:
  ///   - control: The passkey sign-in control.
  ///   - message: One sentence for the person.
  func passkeySignInLogic(_ control: PasskeySignInLogicControl, foundNoPasskey message: String)

  /// The sign-in failed: stay and show `message`.
  /// - Parameters:
  ///   - control: The passkey sign-in control.
  ///   - failure: Why, e.g. `.refused(.invalidPasskey)`, `.refused(.flowExpired)`,
  ///     `.refused(.locked(retryAfterSeconds:))`, `.unsupported(.passkeys)`,
  ///     `.unavailable(.offline)`.
  ///   - message: One sentence for the person (`PasskeySignInLogicControl.message(for:)`).
  func passkeySignInLogic(
    _ control: PasskeySignInLogicControl, didFail failure: AuthFailure, message: String)
}

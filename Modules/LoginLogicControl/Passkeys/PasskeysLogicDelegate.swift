import LoginCore

/// Receives what happens on the "Passkeys" screen. Every request ends with the list read
/// again (`passkeysLogic(_:didLoad:)`), or with `passkeysLogic(_:didFail:message:)` when it
/// could not be read; a change's own outcome comes first.
///
/// ```swift
/// func passkeysLogic(_ control: PasskeysLogicControl, needsFreshSignInToAdd name: String) {
///   showSignIn(reason: .addPasskey) { control.addPasskey(named: name, using: passkeys) }
/// }
/// ```
@MainActor
public protocol PasskeysLogicDelegate: AnyObject {
  /// A request was sent: show that it is loading; the screen's buttons wait.
  /// - Parameter control: The passkeys control.
  func passkeysLogicDidStart(_ control: PasskeysLogicControl)

  /// The passkeys were read: show them, oldest first.
  /// - Parameters:
  ///   - control: The passkeys control.
  ///   - passkeys: The account's passkeys; empty when it has none.
  func passkeysLogic(_ control: PasskeysLogicControl, didLoad passkeys: [Passkey])

  /// The server added, renamed or removed a passkey (the list follows).
  /// - Parameters:
  ///   - control: The passkeys control.
  ///   - change: What changed.
  func passkeysLogic(_ control: PasskeysLogicControl, didChange change: PasskeysLogicControl.Change)

  /// The server wants a recent sign-in before a passkey is added: ask the person to sign in
  /// again, then call `addPasskey(named:using:)` again with `name`. Nothing was added.
  /// - Parameters:
  ///   - control: The passkeys control.
  ///   - name: The name the passkey was to have.
  func passkeysLogic(_ control: PasskeysLogicControl, needsFreshSignInToAdd name: String)

  /// A request was refused or failed: stay and show `message`. A person's cancellation at
  /// the authenticator is not a failure: nothing is told but the list.
  /// - Parameters:
  ///   - control: The passkeys control.
  ///   - failure: Why, e.g. `.refused(.invalidForm(.name(_:)))` (nothing sent),
  ///     `.refused(.passkeyExists)`, `.refused(.passkeyNotFound)`, `.unsupported(.passkeys)`,
  ///     `.unavailable(.offline)`.
  ///   - message: One sentence for the person (`PasskeysLogicControl.message(for:)`).
  func passkeysLogic(
    _ control: PasskeysLogicControl, didFail failure: AuthFailure, message: String)
}

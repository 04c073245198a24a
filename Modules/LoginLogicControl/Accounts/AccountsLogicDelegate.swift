import LoginCore

/// Receives what happens on the account list; a switch arrives through the
/// `LoginRouteDelegate` method it inherits, routed by the account's type like a sign-in.
///
/// ```swift
/// func accountsLogic(
///   _ control: AccountsLogicControl, didSignOut next: AccountsLogicControl.AfterSignOut,
///   notice: String?
/// ) {
///   switch next {
///   case .stay(let remaining): list.show(remaining, banner: notice)
///   case .nextAccount(let user, let route): go(to: route, of: user, banner: notice)
///   case .welcome: showWelcome(banner: notice)
///   }
/// }
/// ```
@MainActor
public protocol AccountsLogicDelegate: LoginRouteDelegate {
  /// The accounts were read: show them (most recently active first, the active one marked).
  /// - Parameters:
  ///   - control: The accounts control.
  ///   - accounts: The accounts signed in on this device; empty when none is.
  func accountsLogic(_ control: AccountsLogicControl, didLoad accounts: [Account])

  /// A switch or a sign-out was sent: show that it is loading; the list's buttons wait.
  /// - Parameter control: The accounts control.
  func accountsLogicDidStart(_ control: AccountsLogicControl)

  /// The switch failed; stay on the list and show `message`. The list is read again after a
  /// failure (`accountsLogic(_:didLoad:)` follows), as the account may be gone.
  /// - Parameters:
  ///   - control: The accounts control.
  ///   - failure: Why, e.g. `.refused(.unknownAccount)`, `.refused(.sessionEnded)`,
  ///     `.unsupported(.switchAccount)`.
  ///   - message: One sentence for the person, naming the account where it helps.
  func accountsLogic(_ control: AccountsLogicControl, didFail failure: AuthFailure, message: String)

  /// "Add account": show the sign-in (or welcome's sign-in choices) from `entry`. The other
  /// accounts stay signed in; a sign-in there adds the account and makes it active.
  /// - Parameters:
  ///   - control: The accounts control.
  ///   - entry: The entry point to make the sign-in controls with.
  func accountsLogic(
    _ control: AccountsLogicControl, addAccountGoToSignInFrom entry: LoginEntryPoint)

  /// An account, or every account, was signed out: go where `next` says, with `notice`.
  /// - Parameters:
  ///   - control: The accounts control.
  ///   - next: Stay on the list (another account than the active one left), the home of the
  ///     account active now, or welcome when none is.
  ///   - notice: `nil` normally; one sentence when the server could not be told.
  func accountsLogic(
    _ control: AccountsLogicControl, didSignOut next: AccountsLogicControl.AfterSignOut,
    notice: String?)
}

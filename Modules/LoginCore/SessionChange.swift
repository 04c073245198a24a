import UserModel

/// One change of the signed-in state, published to every listener of
/// `ServiceUser.sessionChanges()`.
///
/// Every stream starts with ``initial(_:accounts:)``, the state when the listener subscribed,
/// so an app needs no separate read of the current session (which could race the stream):
///
/// ```swift
/// for await change in service.sessionChanges() {
///   switch change {
///   case .initial(let user?, _), .signedIn(let user), .switched(let user):
///     showHome(of: user.type)
///   case .initial(nil, _), .signedOut: showWelcome()
///   case .accountRemoved: break   // another account left; the active one is unchanged
///   }
/// }
/// ```
///
/// A service that keeps several accounts (`LoginServicing.accounts()`) reports them with the
/// same cases: `.signedIn` adds the account when it is new and makes it active, `.switched`
/// makes another kept account active, `.accountRemoved` removes one that is not active (or
/// no longer: a sign-out of the active account while others are kept reports
/// `.accountRemoved` and then `.switched` to the most recently active of the others), and
/// `.signedOut` ends the active account with no other made active. With one account at a
/// time, only `.initial`, `.signedIn` and `.signedOut` occur.
public enum SessionChange: Sendable, Equatable {
  /// The first element of every stream: the signed-in user when the listener subscribed, or
  /// `nil` when no one was (or a stored session was not restored yet), and the accounts kept
  /// on this device, most recently active first.
  case initial(User?, accounts: [Account])
  /// A user signed in, or a stored session was restored: that account is active now (and
  /// added to the accounts when it is new).
  case signedIn(User)
  /// Another account became active: switched to, the most recently active one after the
  /// active account signed out, or one another process sharing the store signed in or
  /// switched to while this one showed another account.
  case switched(to: User)
  /// The active account's session ended, for the given reason; no account is active now.
  /// The other kept accounts stay signed in.
  case signedOut(SignOutReason)
  /// An account that is not the active one was removed: signed out, or its session ended.
  case accountRemoved(User, SignOutReason)
}

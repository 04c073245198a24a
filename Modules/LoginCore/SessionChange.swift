import UserModel

/// One change of the signed-in state, published to every listener of
/// `ServiceUser.sessionChanges()`.
///
/// Every stream starts with ``initial(_:)``, the state when the listener subscribed, so an app
/// needs no separate read of the current session (which could race the stream):
///
/// ```swift
/// for await change in service.sessionChanges() {
///   switch change {
///   case .initial(let user?), .signedIn(let user): showHome(of: user.type)
///   case .initial(nil), .signedOut: showWelcome()
///   }
/// }
/// ```
public enum SessionChange: Sendable, Equatable {
  /// The first element of every stream: the signed-in user when the listener subscribed, or
  /// `nil` when no one was (or a stored session was not restored yet).
  case initial(User?)
  /// A user signed in, or a stored session was restored.
  case signedIn(User)
  /// The session ended, for the given reason.
  case signedOut(SignOutReason)
}

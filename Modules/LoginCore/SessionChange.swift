import UserModel

/// One change of the signed-in state, published to every listener of
/// `ServiceUser.sessionChanges()`.
public enum SessionChange: Sendable, Equatable {
  /// A user signed in, or a stored session was restored.
  case signedIn(User)
  /// The session ended, for the given reason.
  case signedOut(SignOutReason)
}

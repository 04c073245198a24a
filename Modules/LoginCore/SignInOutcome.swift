import UserModel

/// What a sign-in with an identifier and a password led to.
public enum SignInOutcome: Sendable, Equatable {
  /// Signed in: the session is stored and published.
  case signedIn(UserSession)
  /// Your server asked for a second step (Koober asks drivers): a one-time code was sent;
  /// call `verifyCode(_:for:)` with it.
  case codeRequired(Challenge)
}

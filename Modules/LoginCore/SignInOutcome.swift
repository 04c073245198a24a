import UserModel

/// What a sign-in with email and password led to.
public enum SignInOutcome: Sendable, Equatable {
  /// Signed in (a passenger): the session is stored and published.
  case signedIn(UserSession)
  /// A one-time code was sent (a driver): call `verifyCode(_:for:)` with it.
  case codeRequired(Challenge)
}

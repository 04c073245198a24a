import UserModel

/// A server's answer to a sign-in: a session at once, or a second step.
public enum SignInResponse: Sendable, Equatable {
  /// Signed in.
  case session(UserSession)
  /// A one-time code was sent: `verifyCode(_:for:)` completes the sign-in.
  case challenge(Challenge)
}

import UserModel

/// What a sign-in led to: a session at once, or a second step. The adapter answers with it
/// (`AuthRemoteAPI.signIn(_:)`) and ServiceUser hands it on once the session is stored.
public enum SignInOutcome: Sendable, Equatable {
  /// Signed in (from ServiceUser: the session is stored and published).
  case signedIn(UserSession)
  /// Your server asked for a second step (e.g. of some types of account): a one-time code was sent;
  /// `verifyCode(_:for:)` completes the sign-in.
  case codeRequired(Challenge)
}

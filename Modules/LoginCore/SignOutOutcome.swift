/// How a sign-out ended. Either way the device is signed out.
public enum SignOutOutcome: Sendable, Equatable {
  /// The server confirmed that nothing of the session is left: it revoked the session, or
  /// said that none of its tokens is good any more. Cleared locally too.
  case signedOut
  /// The server could not be reached, or did not confirm the revocation (only this device
  /// judged the session over, by its own clock, for instance): cleared locally only; the
  /// server's tokens lapse on their own.
  case signedOutLocally
  /// The server offers no way to revoke a session (an OAuth provider without a revocation
  /// endpoint): cleared locally only; the server's tokens lapse on their own.
  case signedOutWithoutRevocation
}

/// How a sign-out ended. Either way the device is signed out.
public enum SignOutOutcome: Sendable, Equatable {
  /// Revoked on the server and cleared locally.
  case signedOut
  /// The server could not be reached: cleared locally only; the server's tokens lapse on
  /// their own.
  case signedOutLocally
  /// The server offers no way to revoke a session (an OAuth provider without a revocation
  /// endpoint): cleared locally only; the server's tokens lapse on their own.
  case signedOutWithoutRevocation
}

/// Why a session ended.
public enum SignOutReason: String, Sendable, Equatable {
  /// The person signed out.
  case userAction
  /// The refresh token ran out; the person must sign in again.
  case expired
  /// The server refused the session (revoked, reused refresh token, signed out elsewhere).
  case revoked
}

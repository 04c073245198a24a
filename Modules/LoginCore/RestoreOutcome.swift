import UserModel

/// What the launch check (`restoreSession()`) found.
public enum RestoreOutcome: Sendable, Equatable {
  /// A stored session, validated with the server (and renewed if it had to be).
  case signedIn(UserSession)
  /// No stored session.
  case notSignedIn
  /// The stored session's refresh token expired, or the server refused it; it was cleared.
  case expired
  /// The server could not be reached: the stored session is kept and used, not validated.
  case offline(UserSession)
  /// The server was reached but could not confirm the session (it failed, was busy, or
  /// answered something the adapter cannot read): the stored session is kept and used, not
  /// validated, and the failure says why in one sentence (never "offline").
  case unverified(UserSession, AuthFailure)
  /// A stored session exists but cannot be read now; nothing was deleted. The failure is the
  /// store's, with its detail: `.refused(.updateRequired)` when a newer release wrote it
  /// (only updating the app helps), `.unavailable(.sessionUnreadable(_:))` when it could not
  /// be read or decoded, `.unavailable(.storage(_:))` when the store itself failed.
  case unavailable(AuthFailure)
  /// The server answered for another account than the stored session's (another `sub`, or
  /// another user id): the session was revoked at the server (best effort) and ended here
  /// as revoked.
  case accountChanged
}

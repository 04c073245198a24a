import LoginCore
import UserModel

/// What a sign-out's renewal came to (`SessionState.renewForSignOut()`).
package enum SignOutRenewal: Sendable {
  /// Renewed: `spent` when this renewal spent the refresh token, `false` when it took the
  /// copy another process had renewed meanwhile (nothing spent here).
  case renewed(UserSession, spent: Bool)
  /// The server refused the refresh token: that token, and the session with it, is dead at
  /// the server. The session ended as the person's sign-out.
  case refused
  /// Not renewed, without the server's word: the refresh token has expired on this
  /// device's clock (which may run ahead of the server's), or the session ended meanwhile
  /// some other way. Nothing says the server's tokens are dead.
  case notRenewed
}

extension SessionState {
  /// Renews the session so that a sign-out can revoke it with a fresh access token, for a
  /// server that takes no other proof (one that revokes by access token only). It joins the
  /// renewal in flight or starts the only one, like every other caller; a refusal ends the
  /// session as the person's sign-out (`.userAction`), not as the server's doing.
  /// - Returns: The renewed session; `.refused` only on the server's word; `.notRenewed`
  ///   when the session could not be renewed here or ended meanwhile.
  /// - Throws: `AuthFailure` when the server could not be asked (the refresh token lives
  ///   on); `.unavailable(.storage(_))` when the store's lock could not be taken.
  package func renewForSignOut() async throws(AuthFailure) -> SignOutRenewal {
    guard session != nil else { return .notRenewed }
    signingOut = true
    let startedIn = generation
    do {
      let renewed = try await renew()
      return .renewed(renewed, spent: !lastRenewalAdopted)
    } catch .refused(.sessionEnded) {
      return refusedIn == startedIn ? .refused : .notRenewed
    }
  }
}

import LoginCore
import ServiceUser
import UserModel

/// The one rule for revoking a session at the server, shared by the sign-out and by every
/// path that ends a session without the person asking (a sign-in that replaces it, a launch
/// check that meets another account).
extension ServiceUser {
  /// What one attempt to revoke a session at the server came to.
  enum Revocation: Sendable {
    /// Finished: `.signedOut` on the server's word, otherwise what is left unconfirmed.
    case done(SignOutOutcome)
    /// The server took neither the access token nor a revocation by refresh token: only a
    /// fresh access token can revoke the session (a renewal, then another attempt).
    case needsFreshToken
    /// The account is no longer the current one (switched away meanwhile): it is signed out
    /// as a kept account instead.
    case notCurrent
  }

  /// Revokes `session` at the server, with every adapter: the adapter's `signOut` first; when
  /// the server does not take the access token (expired, or its keys changed), the refresh
  /// token by itself (`revoke(refreshToken:)`), so that a refresh token which may still renew
  /// the session is revoked whatever became of the access token.
  /// - Parameters:
  ///   - session: The session to revoke.
  ///   - renewalAllowed: Whether the caller may renew the session and try again, where the
  ///     server revokes only by access token. `false` after such a renewal, and for a session
  ///     that is no longer current, which nothing here renews.
  /// A revocation that got no answer (no connection, a timeout, a failing server: not a
  /// refusal) leaves the refresh token in the revocation queue, sent when the server can next
  /// be reached (ServiceUser's `sendQueuedRevocationsSoon()`).
  /// - Returns: `.needsFreshToken` only when `renewalAllowed` and a renewal is the one way
  ///   left; otherwise `.done` with the outcome: `.signedOut` only on the server's word.
  func revokeAtServer(_ session: UserSession, renewalAllowed: Bool) async -> Revocation {
    do throws(AuthFailure) {
      try await remote.signOut(session)
      return .done(.signedOut)
    } catch .refused(.accessTokenRejected) {
      guard let refreshToken = session.refreshToken else {
        // The access token was all there was, and the server no longer takes it.
        return .done(.signedOut)
      }
      if let outcome = await revoke(refreshToken: refreshToken, of: session) {
        return .done(outcome)
      }
      // The server revokes only by access token.
      guard renewalAllowed else { return .done(.signedOutLocally) }
      // Past its expiry on this device's clock, which may run ahead of the server's: the
      // shared renewal does not spend it, and nothing here knows it is dead at the server.
      if session.isRefreshExpired(at: now()) { return .done(.signedOutLocally) }
      return .needsFreshToken
    } catch .refused(.sessionEnded) {
      return .done(.signedOut)
    } catch .unsupported {
      return .done(.signedOutWithoutRevocation)
    } catch {
      // Unreachable, or a refusal that says nothing about the session: not confirmed. With
      // no answer at all (or a failing server) the server is told later, from the queue.
      if !error.isServerAnswer { await queueRevocation(of: session) }
      return .done(.signedOutLocally)
    }
  }

  /// Revokes, best effort, a session that ends without the person asking: one a new sign-in
  /// replaces, or one a launch check found signed in as another account. The caller awaits
  /// it after that session ended and outside the store's lock (the adapter may send through
  /// the authorized client, whose renewal takes that lock); its failure changes nothing.
  ///
  /// Such a session is never renewed to be revoked: it is no longer the current one, so the
  /// shared renewal (the one place a refresh token is spent) does not serve it, and spending
  /// its refresh token only to revoke the tokens bought with it would issue a live session
  /// with no copy anywhere if the second call failed. So with an adapter that revokes only
  /// by access token and offers no `revoke(refreshToken:)`, a replaced session whose access
  /// token the server no longer takes cannot be revoked: its refresh token lapses on its own.
  /// - Parameter session: The session that ended.
  func revokeEnded(_ session: UserSession) async {
    _ = await revokeAtServer(session, renewalAllowed: false)
  }

  /// Revokes the refresh token by itself, where the adapter offers it; with no answer, it is
  /// queued (`queueRevocation(of:)`) to be sent when the server can next be reached.
  /// - Returns: The outcome, or `nil` when the adapter offers no such revocation.
  private func revoke(refreshToken: String, of session: UserSession) async -> SignOutOutcome? {
    do throws(AuthFailure) {
      try await remote.revoke(refreshToken: refreshToken)
      return .signedOut
    } catch .unsupported {
      return nil
    } catch .refused(.sessionEnded) {
      return .signedOut
    } catch {
      if !error.isServerAnswer { await queueRevocation(of: session) }
      return .signedOutLocally
    }
  }
}

import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs out: revokes the session on the server, then clears it on this device and
  /// publishes `.signedOut(.userAction)`. The device is signed out whatever the server says.
  ///
  /// Sign-out revokes what can still be revoked, with every adapter: the adapter's `signOut`
  /// first (a server may revoke the whole token family, an OAuth provider the tokens by
  /// RFC 7009); when the server does not take the access token (expired, or the server
  /// changed its keys), the refresh token is revoked by itself (`revoke(refreshToken:)`, an
  /// adapter's revocation route), or, where the server revokes only by access token, the session
  /// is renewed once (the same shared renewal as every other caller) and signed out with the
  /// fresh token. When that renewal spent nothing, because another process had renewed the
  /// session and its copy was taken, and the server does not take that copy's access token
  /// either, the copy is renewed once more. When no one is signed in this returns
  /// `.signedOut` without touching the store (an unreadable stored session stays as it is).
  /// - Returns: `.signedOut` only when the server confirmed that nothing of the session is
  ///   left: it took the revocation, said the session was over, or refused the refresh token;
  ///   `.signedOutLocally` when it could not be reached or did not confirm, including when
  ///   only this device judged the session over (its refresh token expired on this device's
  ///   clock, which may run ahead of the server's, or the session ended meanwhile);
  ///   `.signedOutWithoutRevocation` when it offers no revocation. In the last two cases the
  ///   server's tokens lapse on their own, except that a revocation that got no answer (no
  ///   connection, a timeout, a failing server; not a refusal) is queued beside the session
  ///   and sent after the next launch check, sign-in or successful authorized call, through
  ///   the adapter's `revoke(refreshToken:)`.
  public func signOut() async -> SignOutOutcome {
    guard await currentSession != nil else { return .signedOut }
    // At most two renewals, the second only when the first spent nothing: it took the copy
    // another process had renewed, whose access token the server may not take either.
    var renewalAllowed = true
    var renewals = 0
    while true {
      switch await revokingAlone(renewalAllowed: renewalAllowed) {
      case .done(let outcome): return outcome
      case .needsFreshToken: break
      }
      // Between the two turns of the store's lock: the renewal takes that lock itself.
      let renewal: SignOutRenewal
      do throws(AuthFailure) {
        renewal = try await state.renewForSignOut()
      } catch .refused(.notSignedIn) {
        // Another account became current meanwhile (a switch): it is not this sign-out's.
        return .signedOutLocally
      } catch {
        await endSession(.userAction)
        return .signedOutLocally
      }
      switch renewal {
      case .refused:
        // The server refused the refresh token: nothing of the session is left there.
        return .signedOut
      case .notRenewed:
        // Expired on this device's clock, or ended meanwhile: not the server's word.
        await endSession(.userAction)
        return .signedOutLocally
      case .renewed(_, let spent):
        renewals += 1
        renewalAllowed = !spent && renewals < 2
      }
    }
  }

  /// Signs out like `signOut()`, then ends the server's own browser session through `agent`
  /// (OpenID Connect RP-initiated logout, where the adapter offers it), so that the next
  /// browser sign-in shows the provider's sign-in page instead of signing the same account
  /// back in. That last step is best effort: its failure changes nothing here.
  /// - Parameter agent: The app's browser.
  /// - Returns: Like `signOut()`.
  public func signOut(endingBrowserSessionWith agent: any BrowserUserAgent) async
    -> SignOutOutcome
  {
    guard let session = await currentSession else { return .signedOut }
    let outcome = await signOut()
    _ = try? await remote.endBrowserSession(session, with: agent)
    return outcome
  }

  /// One turn under the store's lock, like a renewal: another process cannot renew the
  /// session being revoked, nor this one revoke an older copy of a session renewed elsewhere.
  private func revokingAlone(renewalAllowed: Bool) async -> Revocation {
    guard let current = await currentSession else { return .done(.signedOutLocally) }
    if let revocation = try? await store(of: current).exclusively({ () async -> Revocation in
      await self.revokeNewest(renewalAllowed: renewalAllowed)
    }) {
      return revocation
    }
    return await revokeNewest(renewalAllowed: renewalAllowed)
  }

  private func revokeNewest(renewalAllowed: Bool) async -> Revocation {
    guard let current = await currentSession else { return .done(.signedOutLocally) }
    // The stored copy is the newest when another process renewed the same session.
    var session = current
    if let stored = try? store(of: current).load(), AccountKey(stored) == AccountKey(current) {
      session = stored
    }
    let revocation = await revokeAtServer(session, renewalAllowed: renewalAllowed)
    if case .done = revocation { await endSession(.userAction) }
    return revocation
  }
}

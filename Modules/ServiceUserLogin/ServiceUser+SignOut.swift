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
    guard let start = await currentSession else { return .signedOut }
    // The account this sign-out is for: a switch meanwhile (another control, another
    // process) never makes it end another account.
    let key = AccountKey(start)
    // At most two renewals, the second only when the first spent nothing: it took the copy
    // another process had renewed, whose access token the server may not take either.
    var renewalAllowed = true
    var renewals = 0
    while true {
      switch await revokingAlone(key, renewalAllowed: renewalAllowed) {
      case .done(let outcome): return outcome
      case .notCurrent: return await signOutKept(key)
      case .needsFreshToken: break
      }
      // Between the two turns of the store's lock: the renewal takes that lock itself.
      let renewal: SignOutRenewal
      do throws(AuthFailure) {
        renewal = try await state.renewForSignOut()
      } catch .refused(.notSignedIn) {
        // Switched away meanwhile: signed out as a kept account, never renewed for it.
        return await signOutKept(key)
      } catch {
        await endLocally(key)
        return .signedOutLocally
      }
      switch renewal {
      case .refused:
        // The server refused the refresh token: nothing of the session is left there.
        return .signedOut
      case .notRenewed:
        // Expired on this device's clock, or ended meanwhile: not the server's word.
        await endLocally(key)
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

  /// One turn under the account's lock, like a renewal: another process cannot renew the
  /// session being revoked, nor this one revoke an older copy of a session renewed elsewhere.
  private func revokingAlone(_ key: AccountKey, renewalAllowed: Bool) async -> Revocation {
    let target = state.accountStore.store(for: key)
    if let revocation = try? await target.exclusively({ () async -> Revocation in
      await self.revokeNewest(key, renewalAllowed: renewalAllowed)
    }) {
      return revocation
    }
    return await revokeNewest(key, renewalAllowed: renewalAllowed)
  }

  private func revokeNewest(_ key: AccountKey, renewalAllowed: Bool) async -> Revocation {
    guard let current = await currentSession, AccountKey(current) == key else {
      return .notCurrent
    }
    // The stored copy is the newest when another process renewed the same session.
    var session = current
    if let stored = try? store(of: current).load(), AccountKey(stored) == key {
      session = stored
    }
    let revocation = await revokeAtServer(session, renewalAllowed: renewalAllowed)
    if case .done = revocation { await endLocally(key, revoked: session) }
    return revocation
  }

  /// Ends the account `key` on this device after its sign-out: as the current session when
  /// it still is, else (switched away meanwhile) as a kept account, only the copy revoked.
  /// - Parameters:
  ///   - key: The account signed out.
  ///   - revoked: The copy revoked at the server, when one was.
  private func endLocally(_ key: AccountKey, revoked: UserSession? = nil) async {
    if await state.endSession(.userAction, ifAccount: key) { return }
    let stored = revoked ?? (try? state.accountStore.store(for: key).load())
    if let stored, AccountKey(stored) == key {
      _ = await state.removeKept(stored, reason: .userAction)
    }
  }
}

import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs out: revokes the session on the server, then clears it on this device and
  /// publishes `.signedOut(.userAction)`. The device is signed out whatever the server says.
  ///
  /// Sign-out revokes what can still be revoked, with every adapter: the adapter's `signOut`
  /// first (Koober revokes the whole token family, OAuth the tokens by RFC 7009); when the
  /// server does not take the access token (expired, or the server changed its keys), the
  /// refresh token is revoked by itself (`revoke(refreshToken:)`, Koober's
  /// `POST /v1/auth/revoke`), or, where the server revokes only by access token, the session
  /// is renewed once (the same shared renewal as every other caller) and signed out with the
  /// fresh token. When no one is signed in this returns `.signedOut` without touching the
  /// store (an unreadable stored session stays as it is).
  /// - Returns: `.signedOut` only when the server confirmed that nothing of the session is
  ///   left; `.signedOutLocally` when it could not be reached or did not confirm;
  ///   `.signedOutWithoutRevocation` when it offers no revocation. In the last two cases the
  ///   server's tokens lapse on their own.
  public func signOut() async -> SignOutOutcome {
    guard await currentSession != nil else { return .signedOut }
    switch await revokingAlone(afterRenewal: false) {
    case .done(let outcome):
      return outcome
    case .needsFreshToken:
      // Between the two turns of the store's lock: the renewal takes that lock itself.
      do throws(AuthFailure) {
        // `nil`: the server refused the refresh token, and the session ended with it (as
        // this sign-out), or it ended meanwhile.
        guard try await state.renewForSignOut() != nil else { return .signedOut }
      } catch {
        await endSession(.userAction)
        return .signedOutLocally
      }
      switch await revokingAlone(afterRenewal: true) {
      case .done(let outcome):
        return outcome
      case .needsFreshToken:
        // Not after a renewal (`revoke` asks once); ended here all the same.
        await endSession(.userAction)
        return .signedOutLocally
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
  private func revokingAlone(afterRenewal: Bool) async -> Revocation {
    if let revocation = try? await sessionStore.exclusively({ () async -> Revocation in
      await self.revokeNewest(afterRenewal: afterRenewal)
    }) {
      return revocation
    }
    return await revokeNewest(afterRenewal: afterRenewal)
  }

  private func revokeNewest(afterRenewal: Bool) async -> Revocation {
    guard let current = await currentSession else { return .done(.signedOut) }
    // The stored copy is the newest when another process renewed the same session.
    var session = current
    if let stored = try? sessionStore.load(), stored.user.id == current.user.id,
      stored.issuer == current.issuer
    {
      session = stored
    }
    let revocation = await revokeAtServer(session, renewalAllowed: !afterRenewal)
    if case .done = revocation { await endSession(.userAction) }
    return revocation
  }
}

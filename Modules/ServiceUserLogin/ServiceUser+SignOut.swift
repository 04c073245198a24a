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

  /// What one turn of the revocation found.
  private enum Revocation: Sendable {
    /// Finished, and the session ended on this device.
    case done(SignOutOutcome)
    /// The server took neither the access token nor a revocation by refresh token: only a
    /// fresh access token can revoke the session. It is still signed in here.
    case needsFreshToken
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
    let revocation = await revoke(session, afterRenewal: afterRenewal)
    if case .done = revocation { await endSession(.userAction) }
    return revocation
  }

  /// The one rule for every adapter: the session is reported revoked only on the server's
  /// word; a refresh token that may still renew it is revoked whatever became of the access
  /// token.
  private func revoke(_ session: UserSession, afterRenewal: Bool) async -> Revocation {
    do throws(AuthFailure) {
      try await remote.signOut(session)
      return .done(.signedOut)
    } catch .refused(.accessTokenRejected) {
      guard let refreshToken = session.refreshToken else {
        // The access token was all there was, and the server no longer takes it.
        return .done(.signedOut)
      }
      if let outcome = await revoke(refreshToken: refreshToken) { return .done(outcome) }
      // The server revokes only by access token.
      if afterRenewal { return .done(.signedOutLocally) }
      // A refresh token past its own expiry renews nothing, at the server either.
      if session.isRefreshExpired(at: now()) { return .done(.signedOut) }
      return .needsFreshToken
    } catch .refused(.sessionEnded) {
      return .done(.signedOut)
    } catch .unsupported {
      return .done(.signedOutWithoutRevocation)
    } catch {
      // Unreachable, or a refusal that says nothing about the session: not confirmed.
      return .done(.signedOutLocally)
    }
  }

  /// Revokes the refresh token by itself, where the adapter offers it.
  /// - Returns: The outcome, or `nil` when the adapter offers no such revocation.
  private func revoke(refreshToken: String) async -> SignOutOutcome? {
    do throws(AuthFailure) {
      try await remote.revoke(refreshToken: refreshToken)
      return .signedOut
    } catch .unsupported {
      return nil
    } catch .refused(.sessionEnded) {
      return .signedOut
    } catch {
      return .signedOutLocally
    }
  }
}

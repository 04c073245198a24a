import LoginCore
import ServiceUser

extension ServiceUser {
  /// Signs out: revokes the session on the server (the adapter's `signOut`; Koober revokes
  /// the whole token family, OAuth revokes the tokens by RFC 7009), then clears the session
  /// on this device and publishes `.signedOut(.userAction)`. The device is signed out
  /// whatever the server says.
  ///
  /// A sign-out never spends a refresh token: the session goes to the adapter as it is, and
  /// an adapter whose access token has expired revokes by refresh token (RFC 7009; Koober's
  /// `POST /v1/auth/revoke`). When no one is signed in this returns `.signedOut` without
  /// touching the store (an unreadable stored session stays as it is).
  /// - Returns: `.signedOut`; `.signedOutLocally` when the server could not be reached or
  ///   did not confirm; `.signedOutWithoutRevocation` when the server offers no revocation.
  ///   In the last two cases the server's tokens lapse on their own.
  public func signOut() async -> SignOutOutcome {
    guard await currentSession != nil else { return .signedOut }
    // Under the store's lock, like a renewal: another process cannot renew the session
    // being revoked, nor this one revoke an older copy of a session renewed elsewhere.
    if let outcome = try? await sessionStore.exclusively({ () async -> SignOutOutcome in
      await self.signOutAlone()
    }) {
      return outcome
    }
    return await signOutAlone()
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

  private func signOutAlone() async -> SignOutOutcome {
    guard let current = await currentSession else { return .signedOut }
    // The stored copy is the newest when another process renewed the same session.
    var session = current
    if let stored = try? sessionStore.load(), stored.user.id == current.user.id,
      stored.issuer == current.issuer
    {
      session = stored
    }
    let outcome: SignOutOutcome
    do throws(AuthFailure) {
      try await remote.signOut(session)
      outcome = .signedOut
    } catch .refused {
      // The server no longer honours the tokens, so nothing is left to revoke.
      outcome = .signedOut
    } catch .unsupported {
      outcome = .signedOutWithoutRevocation
    } catch {
      outcome = .signedOutLocally
    }
    await endSession(.userAction)
    return outcome
  }
}

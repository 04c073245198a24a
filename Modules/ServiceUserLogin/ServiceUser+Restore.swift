import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// The launch check: reads the stored session, rejects one whose refresh token has
  /// expired without asking the server, and validates the rest with the adapter's
  /// `currentUser`, renewing the access token first when it is about to expire.
  ///
  /// A validated or kept session becomes current and listeners hear `.signedIn`. A session
  /// the server refuses (`.refused(.sessionEnded)`, or a token rejected again after a
  /// renewal) is cleared (`.expired`). When the server cannot be reached (`.offline`), or
  /// fails, is busy or answers something the adapter cannot read (`.unverified`, with the
  /// failure), the stored session is kept and used unvalidated. A store that cannot be
  /// read is reported (`.unavailable`, with the store's failure) and left untouched: it is
  /// never taken for a sign-out.
  /// A stored session recorded for another server identity (`UserSession.issuer` against
  /// the adapter's `sessionIssuer`) is `.notSignedIn`: never sent to this server, and left
  /// in the store as it is.
  /// Revocations a sign-out queued while the server could not be reached are sent after the
  /// check, in a task of their own the caller does not wait for (not when the check found
  /// the server unreachable).
  /// - Returns: What was found; see `RestoreOutcome`.
  public func restoreSession() async -> RestoreOutcome {
    let outcome = await checkStoredSession()
    // Revocations queued while the server could not be reached go now, in a task of their
    // own, unless this check just found it unreachable again.
    switch outcome {
    case .offline, .unavailable: break
    default: sendQueuedRevocationsSoon()
    }
    return outcome
  }

  private func checkStoredSession() async -> RestoreOutcome {
    let found: UserSession?
    do {
      found = try sessionStore.load()
    } catch {
      return .unavailable(error)
    }
    // A session recorded for another server identity sharing this store is not this
    // adapter's: it is neither sent here nor touched. One kept before identities were
    // recorded is adopted, and recorded when the check below writes it back.
    guard let found, wasIssuedHere(found) else { return .notSignedIn }
    let stored = Self.stamped(found, by: remote)
    if found.issuer != stored.issuer {
      // Under the old key's lock: a renewal of it in another process finishes first.
      _ = try? await store(of: found).exclusively { await self.state.rekey(found, as: stored) }
    }
    guard !stored.isRefreshExpired(at: now()) else {
      await adoptStoredSession(stored)
      await endSession(.expired)
      return .expired
    }
    await adoptStoredSession(stored)
    let remote = self.remote
    do throws(AuthFailure) {
      let user = try await authorized { token throws(AuthFailure) in
        try await remote.currentUser(accessToken: token)
      }
      return await accept(user, checking: stored)
    } catch {
      return await settle(after: error, checking: stored)
    }
  }

  /// The server honoured the session: record its copy of the user and announce it. A user
  /// with another id is another account: the session ends instead of being handed to the
  /// wrong person, revoked at the server best effort like a session a sign-in replaces
  /// (`revokeEnded(_:)`: by refresh token when the access token is no longer taken, never by
  /// renewing a session that is ending).
  private func accept(_ user: User, checking checked: UserSession) async -> RestoreOutcome {
    // Another account made current meanwhile (a switch, a sign-in): the check was not about
    // it, and nothing of it changes.
    guard let current = await currentSession, AccountKey(current) == AccountKey(checked) else {
      if let current = await currentSession { return .signedIn(current) }
      return .expired
    }
    if current.user.id != user.id {
      // Ended first, so the other account's session is not current during the round trips;
      // then the copy taken here is revoked.
      guard await endSession(.revoked, ifCurrent: current) else {
        if let now = await currentSession { return .signedIn(now) }
        return .expired
      }
      await revokeEnded(current)
      return .accountChanged
    }
    do {
      guard let session = try await confirmSession(with: user) else { return .expired }
      return .signedIn(session)
    } catch {
      // The account row or store could not be updated; the session itself is still good.
      guard let session = await currentSession else { return .expired }
      _ = try? await confirmSession(with: nil)
      return .signedIn(session)
    }
  }

  /// The check failed: a refusal ends the session; anything else keeps it unvalidated.
  /// A session that replaced the checked one meanwhile is never ended for it: another
  /// process's sign-in of the same account stored since is taken up instead, and one made
  /// current here (a sign-in, a switch) is what the check found.
  private func settle(
    after failure: AuthFailure, checking checked: UserSession
  ) async -> RestoreOutcome {
    if failure.endsSession {
      if let newer = try? store(of: checked).load(), AccountKey(newer) == AccountKey(checked),
        newer.accessToken != checked.accessToken, wasIssuedHere(newer),
        (await currentSession)?.accessToken == checked.accessToken
      {
        await adoptStoredSession(newer)
        _ = try? await confirmSession(with: nil)
        return .signedIn(newer)
      }
      if await endSession(.expired, ifCurrent: checked) { return .expired }
      if let current = await currentSession { return .signedIn(current) }
      return .expired
    }
    guard let session = await currentSession else { return .expired }
    _ = try? await confirmSession(with: nil)
    switch failure {
    case .unavailable(.offline), .unavailable(.timeout): return .offline(session)
    default: return .unverified(session, failure)
    }
  }
}

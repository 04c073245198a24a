import Foundation
import LoginCore
import UserModel

extension SessionState {
  /// What every call that finds no session, or ends it, throws: the session is over (or there
  /// is none). `ServiceUser.authorized(_:)` hands it on as it is.
  static let ended = AuthFailure.refused(.sessionEnded)

  // MARK: - Access tokens

  /// A valid access token, renewed first when it expires within the renewal margin.
  /// A session without a refresh token is used until its access token expires, and then
  /// ends with `.expired`; one whose refresh token has expired ends with `.expired` at once.
  /// - Throws: `.refused(.sessionEnded)` with no session, once the session has ended for
  ///   good (which ends it with `.expired`), or when the server refused the refresh token
  ///   (which ends it with `.revoked`); the adapter's failure otherwise (the session is kept).
  package func accessToken() async throws(AuthFailure) -> String {
    guard let current = session else { throw Self.ended }
    let moment = now()
    if current.hasEnded(at: moment) || current.isRefreshExpired(at: moment) {
      endSession(.expired)
      throw Self.ended
    }
    guard current.canRenew(at: moment),
      current.expiresSoon(at: moment, within: margin(for: current))
    else {
      return current.accessToken
    }
    return try await renew().accessToken
  }

  /// How close to its expiry `session`'s access token is renewed: the configured margin, but
  /// at most half the token's lifetime when that is known, so a token that lives seconds is
  /// not renewed at every use.
  private func margin(for session: UserSession) -> TimeInterval {
    guard let obtained = tokenObtainedAt else { return renewalMargin }
    let lifetime = session.accessTokenExpiresAt.timeIntervalSince(obtained)
    return min(renewalMargin, max(0, lifetime / 2))
  }

  /// A new access token after the server refused `rejectedToken` as expired; the current
  /// token when another request already renewed it.
  /// - Throws: like `accessToken()`.
  package func renewAccessToken(after rejectedToken: String) async throws(AuthFailure)
    -> String
  {
    guard let current = session else { throw Self.ended }
    if current.accessToken != rejectedToken {
      // A token of another account, current here before (switched away from, or replaced):
      // the request was that account's, and is never sent again with this one's token.
      if let owner = retiredTokens.last(where: { $0.token == rejectedToken })?.account,
        owner != AccountKey(current)
      {
        throw .refused(.notSignedIn)
      }
      // Renewed meanwhile by another request (or another process): the current token.
      return current.accessToken
    }
    if !current.canRenew(at: now()) {
      endSession(.expired)
      throw Self.ended
    }
    return try await renew().accessToken
  }

  /// The renewed session: joins the renewal in flight, or starts the only one. A session
  /// that cannot be renewed ends with `.expired`.
  /// - Throws: like `accessToken()`; `.unavailable(.storage(_:))` when the store's lock could
  ///   not be taken.
  package func renew() async throws(AuthFailure) -> UserSession {
    if let renewal { return try await renewal.value.get() }
    guard let current = session else { throw Self.ended }
    // Nothing can renew a session without a live refresh token: it has run its course.
    guard current.canRenew(at: now()) else {
      endSession(signingOut ? .userAction : .expired)
      throw Self.ended
    }
    let startedIn = generation
    let startedAt = now()
    let store = self.store
    let renewer = self.renewer
    // Other processes sharing the store renew one at a time: inside the store's lock the
    // stored session is read again, and one another process renewed meanwhile is used
    // instead of spending the refresh token a second time (which would revoke the session).
    let task = Task { () async -> Result<UserSession, AuthFailure> in
      do throws(AuthFailure) {
        return .success(
          try await self.renewAlone(
            current, store: store, renewer: renewer, startedIn: startedIn, startedAt: startedAt))
      } catch {
        // The lock could not be taken: let the next caller try again.
        self.forgetRenewal(startedIn: startedIn)
        return .failure(error)
      }
    }
    renewal = task
    return try await task.value.get()
  }

  /// The renewal's exchange inside the account's lock. The account's store is read first:
  /// the session it started from is renewed only while the store still holds it, so nothing
  /// is spent or written for a session replaced, signed out or switched away meanwhile, in
  /// this process or another.
  private nonisolated func renewAlone(
    _ current: UserSession, store: any SessionStore, renewer: @escaping Renewer,
    startedIn: Int, startedAt: Date
  ) async throws(AuthFailure) -> UserSession {
    try await store.exclusively { () async throws(AuthFailure) -> UserSession in
      let stored: UserSession?
      do {
        stored = try store.load()
      } catch {
        // Unreadable now: the copy here is renewed, and its result written (`save` sets an
        // unreadable file aside, never destroying it).
        stored = current
      }
      // With several accounts an empty store means another process signed this account out
      // (its refresh token is revoked there). A plain store may keep nothing (one in memory
      // that forgets): its session is renewed as it was before several accounts.
      guard let stored = stored ?? (self.keepsSeveralAccounts ? nil : current) else {
        return try await self.finishSignedOutElsewhere(startedIn: startedIn)
      }
      if stored.accessToken != current.accessToken {
        if AccountKey(stored) == AccountKey(current), stored.refreshToken != current.refreshToken {
          return try await self.finishRenewal(
            .success(stored), of: current, in: store, startedIn: startedIn, startedAt: nil)
        }
        // Another account's sign-in replaced this session in a store of one account, and
        // revokes it at the server once it leaves the lock: its refresh token is never spent
        // after that write, so the revocation of the copy that sign-in captured reaches
        // everything left of it (`ServiceUser+Login.swift`).
        if AccountKey(stored) != AccountKey(current) {
          try await self.finishReplaced(startedIn: startedIn)
        }
      }
      // Switched away or signed out meanwhile, in this process: nothing to spend.
      try await self.checkCurrent(startedIn: startedIn)
      let outcome = await Self.exchange(current, with: renewer)
      return try await self.finishRenewal(
        outcome, of: current, in: store, startedIn: startedIn, startedAt: startedAt)
    }
  }

  /// The refresh call, sent a second time with the same refresh token when the first got no
  /// answer (`answerLost`), for every adapter alike. A server that rotates refresh tokens may
  /// have spent the token and lost its answer on the way back: the next renewal would present
  /// a spent token, and the server would revoke the session for reuse. A server with a window
  /// (Koober's API: 30 s; django-oauth-toolkit's grace period; Auth0's reuse interval) gives
  /// the same token a good answer again, so the retry goes at once, inside it. Only an answer
  /// decides: a second failure without one is thrown as it is and keeps the session.
  private static func exchange(
    _ current: UserSession, with renewer: Renewer
  ) async -> Result<UserSession, AuthFailure> {
    let first = await attempt(current, with: renewer)
    // A cancelled caller gave up: nothing more is sent on its behalf.
    guard case .failure(let failure) = first, failure.answerLost, !Task.isCancelled else {
      return first
    }
    return await attempt(current, with: renewer)
  }

  private static func attempt(
    _ current: UserSession, with renewer: Renewer
  ) async -> Result<UserSession, AuthFailure> {
    do throws(AuthFailure) {
      return .success(try await renewer(current))
    } catch {
      return .failure(error)
    }
  }

  /// Ends a session another account's sign-in replaced in the store, without renewing it;
  /// the store, which holds that sign-in, is left alone.
  private func finishReplaced(startedIn: Int) throws(AuthFailure) {
    guard startedIn == generation else { throw Self.ended }
    renewal = nil
    // `.revoked` even for a sign-out: `.userAction` would clear the store, which holds the
    // other account's session now.
    endSession(.revoked)
    throw Self.ended
  }

  /// Keeps `token`, replaced by a renewal of the current session, as one of its copies.
  func rememberEarlier(_ token: String) {
    earlierTokens.append(token)
    if earlierTokens.count > 8 { earlierTokens.removeFirst() }
  }

  /// Remembers whose the current session's access tokens were, as it stops being current
  /// (a sign-in, a switch, an end), so a request that still carries one is known as that
  /// account's (`renewAccessToken(after:)`).
  func retireCurrent() {
    guard let session else { return }
    let account = AccountKey(session)
    for token in earlierTokens + [session.accessToken] {
      retiredTokens.append((token, account))
    }
    earlierTokens = []
    if retiredTokens.count > 32 { retiredTokens.removeFirst(retiredTokens.count - 32) }
  }

  /// Drops a renewal that ended without a result, when it is still this session's.
  private func forgetRenewal(startedIn: Int) {
    if startedIn == generation { renewal = nil }
  }

  /// What a renewal throws when its session is no longer current: `.sessionEnded` when no
  /// session is, `.notSignedIn` when another one is (switched to, or signed in): the caller's
  /// request was for an account that is not the current one, and the current session must
  /// not end for it (`SessionAuthorization` maps only `.sessionEnded` to the client's
  /// "unauthorized", which ends the session).
  package var superseded: AuthFailure { session == nil ? Self.ended : .refused(.notSignedIn) }

  /// Throws `superseded` unless the session the renewal started with is still current.
  private func checkCurrent(startedIn: Int) throws(AuthFailure) {
    guard startedIn == generation else { throw superseded }
  }

  /// The account's store holds no session: another process signed it out. Ends it here,
  /// without touching the store, and tells the listeners once.
  private func finishSignedOutElsewhere(startedIn: Int) throws(AuthFailure) -> UserSession {
    guard startedIn == generation else { throw superseded }
    renewal = nil
    guard let current = session else { throw Self.ended }
    let wasAnnounced = announced
    retireCurrent()
    generation += 1
    session = nil
    tokenObtainedAt = nil
    announced = false
    // The other process's sign-out may have made another account active: reported as the
    // store's watch reports it.
    if let next = activeKept(), AccountKey(next.session) != AccountKey(current) {
      take(next.session, from: accountStore.store(for: next.key))
      publishAccounts(
        [.accountRemoved(current.user, .userAction), .switched(to: next.session.user)])
    } else if wasAnnounced {
      publishAccounts([.signedOut(.userAction)])
    }
    throw Self.ended
  }

  /// Makes a renewal's result current. Called inside the store's lock, so the save happens
  /// before another process may read the store.
  /// - Parameters:
  ///   - outcome: The renewed session, or why there is none: a failure that ends the session
  ///     ends it (`.revoked`), any other is thrown as it is and keeps it.
  ///   - current: The session the renewal started from.
  ///   - store: Its account's store.
  ///   - startedIn: The generation the renewal started in.
  ///   - startedAt: When the renewal call started, or `nil` for a session another process
  ///     renewed (already stored; its token's age is unknown).
  private func finishRenewal(
    _ outcome: Result<UserSession, AuthFailure>, of current: UserSession,
    in store: any SessionStore, startedIn: Int, startedAt: Date?
  ) throws(AuthFailure) -> UserSession {
    // Switched away, signed out or signed in anew meanwhile: this result is for a session
    // that is not current. Its refresh token is spent, so the new pair is kept in the
    // account's own store, but only onto the copy it started from: never over a newer
    // session nor one signed out.
    guard startedIn == generation else {
      if startedAt != nil, case .success(let renewed) = outcome,
        (try? store.load())?.accessToken == current.accessToken
      {
        try? store.save(renewed)
      }
      throw superseded
    }
    renewal = nil
    switch outcome {
    case .success(let renewed):
      // Saved before anyone gets the new token. When the store fails, the renewed session
      // is still used for this run: the old refresh token is spent already, so keeping the
      // old session would only fail later.
      if startedAt != nil { try? store.save(renewed) }
      lastRenewalAdopted = startedAt == nil
      rememberEarlier(current.accessToken)
      session = renewed
      // Issued at the latest when the call started: its lifetime is counted from then.
      tokenObtainedAt = startedAt
      return renewed
    case .failure(let failure) where failure.endsSession:
      refusedIn = generation
      endSession(signingOut ? .userAction : .revoked)
      throw Self.ended
    case .failure(let failure):
      throw failure
    }
  }
}

extension AuthFailure {
  /// Whether the request may have reached the server with no answer back: the connection
  /// failed or was lost (`.offline` covers both: NetworkClient cannot tell a request never
  /// sent from one whose answer was cut off), or the answer did not come in time.
  fileprivate var answerLost: Bool {
    self == .unavailable(.offline) || self == .unavailable(.timeout)
  }
}

import Foundation
import LoginCore
import UserModel

/// The current session and everything that changes it, serialized by one actor: setting and
/// ending the session, and renewing its access token.
///
/// Renewal is coalesced: at most one refresh call is in flight, and every caller that needs
/// a new token meanwhile awaits that same task, because a refresh token is spent by one use
/// and a server that detects reuse revokes the whole session when one comes twice. The
/// renewed session is saved to the store before any caller receives its token, inside the
/// store's lock (`SessionStore.exclusively`), so processes sharing the store renew once too.
package actor SessionState {
  /// The signed-in session, if any.
  package private(set) var session: UserSession?
  /// Hands each change to every listener.
  package nonisolated let broadcaster = SessionBroadcaster()

  private let store: any SessionStore
  private let now: @Sendable () -> Date
  private let renewalMargin: TimeInterval
  private let renewer: Renewer
  private var renewal: Task<UserSession, any Error>?
  /// Whether the listeners have heard `.signedIn` for the current session.
  private var announced = false
  /// Bumped whenever the session is set or ended, so a renewal that finishes after that
  /// can tell its result belongs to a session that no longer exists.
  private(set) var generation = 0
  /// When the current access token was obtained (a sign-in or a renewal here), so its
  /// lifetime is known; `nil` for a session read from the store.
  private var tokenObtainedAt: Date?
  /// Whether a sign-out is renewing the session to revoke it (`SessionState+SignOut.swift`).
  var signingOut = false
  /// The generation whose session ended because the server refused its refresh token, so a
  /// sign-out can tell the server's word from an end judged here (`renewForSignOut()`).
  var refusedIn: Int?
  /// Whether the last renewal took a copy another process had renewed, spending nothing.
  var lastRenewalAdopted = false

  /// - Parameter renewer: Exchanges a refresh token for a new session (the network call).
  init(
    store: any SessionStore, now: @escaping @Sendable () -> Date, renewalMargin: TimeInterval,
    renewer: @escaping Renewer
  ) {
    self.store = store
    self.now = now
    self.renewalMargin = renewalMargin
    self.renewer = renewer
  }

  // MARK: - Setting and ending

  /// Makes `newSession` current and, when `announce` is set, tells the listeners.
  ///
  /// `record` runs first, inside this actor's turn, so nothing can renew or end the session
  /// between the writes and the switch. It is handed `persist`, which saves `newSession` to
  /// the store; when `record` throws after `persist` succeeded, the store is put back as it
  /// was, so a failure changes nothing.
  /// - Parameters:
  ///   - newSession: The session to make current.
  ///   - announce: Whether listeners hear `.signedIn` now. A restored session waiting for
  ///     the server's word is set unannounced, and announced by `announce()` later.
  ///   - obtainedNow: Whether its access token was just issued (a sign-in), so its lifetime
  ///     runs from now; `false` for a session read from the store.
  ///   - record: The account-row writes, calling `persist` inside their transaction.
  /// - Throws: What `record` throws.
  package func setSession(
    _ newSession: UserSession, announce: Bool, obtainedNow: Bool,
    record: Recorder
  ) throws(ServiceUserError) {
    try write(newSession, record: record)
    generation += 1
    renewal = nil
    signingOut = false
    tokenObtainedAt = obtainedNow ? now() : nil
    session = newSession
    announced = false
    if announce { self.announce() }
  }

  /// Replaces the signed-in user's details (a profile change or the server's latest copy),
  /// keeping the tokens and any renewal in flight.
  /// - Parameters:
  ///   - user: The user's new details; ignored when someone else is signed in now.
  ///   - record: The account-row writes, calling `persist` inside their transaction.
  /// - Returns: The updated session, or `nil` when that user is no longer signed in.
  /// - Throws: What `record` throws.
  package func updateUser(
    _ user: User,
    record: Recorder
  ) throws(ServiceUserError) -> UserSession? {
    guard var updated = session, updated.user.id == user.id else { return nil }
    updated.user = user
    // Another process may have replaced or cleared the stored session since this one was
    // read (its sign-in or sign-out): the store is written only while it still holds this
    // session, so an old copy never overwrites the newer one (which would then stay live at
    // the server with no copy anywhere) nor brings back one signed out.
    if (try? store.load())?.accessToken == updated.accessToken {
      try write(updated, record: record)
    } else {
      try record {}
    }
    session = updated
    broadcaster.update(user)
    return updated
  }

  /// Tells the listeners that the current session is signed in (once per session).
  package func announce() {
    guard let session, !announced else { return }
    announced = true
    broadcaster.publish(.signedIn(session.user))
  }

  /// Ends the session: clears the store, forgets it here, and tells the listeners (when they
  /// heard of it). Does nothing when no one is signed in, so many failing requests end it
  /// only once.
  ///
  /// A session that ends on its own (`.expired`, `.revoked`) is cleared from the store only
  /// while the store still holds it: another process sharing the store may have stored a
  /// newer session since this one was read (its sign-in, which revoked this one), and that
  /// one is not this process's to drop, which would leave it live at the server with no
  /// copy anywhere. A sign-out (`.userAction`) revoked the stored copy, and clears it.
  /// - Parameter reason: Why it ended.
  /// - Returns: The store's error when it could not be cleared (the session is ended in
  ///   memory anyway: the server no longer honours it, or the person asked for it).
  @discardableResult
  package func endSession(_ reason: SignOutReason) -> SessionStoreError? {
    guard let current = session else { return nil }
    var failure: SessionStoreError?
    if reason == .userAction || !storeHoldsAnother(than: current) {
      do { try store.clear() } catch { failure = error }
    }
    generation += 1
    renewal = nil
    signingOut = false
    session = nil
    if announced { broadcaster.publish(.signedOut(reason)) }
    announced = false
    return failure
  }

  /// Whether the store holds a readable session other than `session` (another access
  /// token): one stored by another process since this one was read, by a sign-in or a
  /// renewal.
  private func storeHoldsAnother(than session: UserSession) -> Bool {
    guard let stored = try? store.load() else { return false }
    return stored.accessToken != session.accessToken
  }

  /// Runs `record` with a `persist` that saves `session`; when `record` fails after the
  /// save, writes the current session (or its absence) back, so the store is as it was.
  private func write(
    _ session: UserSession, record: Recorder
  ) throws(ServiceUserError) {
    var saved = false
    do {
      try record { () throws(SessionStoreError) in
        try store.save(session)
        saved = true
      }
    } catch {
      if saved {
        if let current = self.session { try? store.save(current) } else { try? store.clear() }
      }
      throw error
    }
  }

  // MARK: - Access tokens

  /// A valid access token, renewed first when it expires within the renewal margin.
  /// A session without a refresh token is used until its access token expires, and then
  /// ends with `.expired`; one whose refresh token has expired ends with `.expired` at once.
  /// - Throws: `ServiceUserError.notSignedIn` with no session (or once the session has ended
  ///   for good, which ends it with `.expired`); the renewal's error otherwise.
  package func accessToken() async throws -> String {
    guard let current = session else { throw ServiceUserError.notSignedIn }
    let moment = now()
    if current.hasEnded(at: moment) || current.isRefreshExpired(at: moment) {
      endSession(.expired)
      throw ServiceUserError.notSignedIn
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
  package func renewAccessToken(after rejectedToken: String) async throws -> String {
    guard let current = session else { throw ServiceUserError.notSignedIn }
    if current.accessToken != rejectedToken { return current.accessToken }
    if !current.canRenew(at: now()) {
      endSession(.expired)
      throw ServiceUserError.notSignedIn
    }
    return try await renew().accessToken
  }

  /// The renewed session: joins the renewal in flight, or starts the only one. A session
  /// that cannot be renewed ends with `.expired`.
  package func renew() async throws -> UserSession {
    if let renewal { return try await renewal.value }
    guard let current = session else { throw ServiceUserError.notSignedIn }
    // Nothing can renew a session without a live refresh token: it has run its course.
    guard current.canRenew(at: now()) else {
      endSession(signingOut ? .userAction : .expired)
      throw ServiceUserError.notSignedIn
    }
    let startedIn = generation
    let startedAt = now()
    let store = self.store
    let renewer = self.renewer
    // Other processes sharing the store renew one at a time: inside the store's lock the
    // stored session is read again, and one another process renewed meanwhile is used
    // instead of spending the refresh token a second time (which would revoke the session).
    let task = Task {
      do {
        return try await self.renewAlone(
          current, store: store, renewer: renewer, startedIn: startedIn, startedAt: startedAt)
      } catch {
        // The lock could not be taken: let the next caller try again.
        self.forgetRenewal(startedIn: startedIn)
        throw error
      }
    }
    renewal = task
    return try await task.value
  }

  /// The renewal's exchange inside the store's lock.
  private nonisolated func renewAlone(
    _ current: UserSession, store: any SessionStore, renewer: @escaping Renewer,
    startedIn: Int, startedAt: Date
  ) async throws -> UserSession {
    try await store.exclusively { () async throws -> UserSession in
      if let stored = try? store.load(), stored.accessToken != current.accessToken {
        if stored.user.id == current.user.id, stored.issuer == current.issuer,
          stored.refreshToken != current.refreshToken
        {
          return try await self.finishRenewal(
            .success(stored), startedIn: startedIn, startedAt: nil)
        }
        // Another account's sign-in replaced this session in the store, and revokes it at
        // the server once it leaves the lock: its refresh token is never spent after that
        // write, so the revocation of the copy that sign-in captured reaches everything
        // left of it (`ServiceUser+Login.swift`).
        if stored.user.id != current.user.id || stored.issuer != current.issuer {
          try await self.finishReplaced(startedIn: startedIn)
        }
      }
      let outcome: Result<UserSession, RenewalFailure>
      do throws(RenewalFailure) {
        outcome = .success(try await renewer(current))
      } catch {
        outcome = .failure(error)
      }
      return try await self.finishRenewal(outcome, startedIn: startedIn, startedAt: startedAt)
    }
  }

  /// Ends a session another account's sign-in replaced in the store, without renewing it;
  /// the store, which holds that sign-in, is left alone.
  private func finishReplaced(startedIn: Int) throws {
    guard startedIn == generation else { throw ServiceUserError.notSignedIn }
    renewal = nil
    // `.revoked` even for a sign-out: `.userAction` would clear the store, which holds the
    // other account's session now.
    endSession(.revoked)
    throw ServiceUserError.notSignedIn
  }

  /// Drops a renewal that ended without a result, when it is still this session's.
  private func forgetRenewal(startedIn: Int) {
    if startedIn == generation { renewal = nil }
  }

  /// Makes a renewal's result current. Called inside the store's lock, so the save happens
  /// before another process may read the store.
  /// - Parameters:
  ///   - outcome: The renewed session, or why there is none.
  ///   - startedIn: The generation the renewal started in.
  ///   - startedAt: When the renewal call started, or `nil` for a session another process
  ///     renewed (already stored; its token's age is unknown).
  private func finishRenewal(
    _ outcome: Result<UserSession, RenewalFailure>, startedIn: Int, startedAt: Date?
  ) throws -> UserSession {
    // A sign-out or a new sign-in happened meanwhile: this result is for a session gone.
    guard startedIn == generation else { throw ServiceUserError.notSignedIn }
    renewal = nil
    switch outcome {
    case .success(let renewed):
      // Saved before anyone gets the new token. When the store fails, the renewed session
      // is still used for this run: the old refresh token is spent already, so keeping the
      // old session would only fail later.
      if startedAt != nil { try? store.save(renewed) }
      lastRenewalAdopted = startedAt == nil
      session = renewed
      // Issued at the latest when the call started: its lifetime is counted from then.
      tokenObtainedAt = startedAt
      return renewed
    case .failure(.refused):
      refusedIn = generation
      endSession(signingOut ? .userAction : .revoked)
      throw ServiceUserError.notSignedIn
    case .failure(.unavailable(let error)):
      throw error
    }
  }
}

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
  package internal(set) var session: UserSession?
  /// Hands each change to every listener.
  package nonisolated let broadcaster = SessionBroadcaster()

  /// Every account's session and the record of the active one (a plain store given to
  /// ServiceUser is seen as one account, `OneAccountStore`).
  package nonisolated let accountStore: any AccountSessionStore
  /// Whether several accounts are kept: a sign-in as another user adds one.
  package nonisolated let keepsSeveralAccounts: Bool
  /// The store as given, when it can tell of other processes' changes.
  let watched: (any SessionStoreWatching)?
  /// Whether a stored session may be used with this service's adapter (its issuer).
  let accepts: @Sendable (UserSession) -> Bool
  /// The current account's own store (its file and lock); the active view with no session.
  var store: any SessionStore
  let now: @Sendable () -> Date
  let renewalMargin: TimeInterval
  let renewer: Renewer
  /// The renewal in flight, which every caller that needs a new token meanwhile awaits.
  var renewal: Task<Result<UserSession, AuthFailure>, Never>?
  /// Whether the listeners have heard `.signedIn` for the current session.
  var announced = false
  /// Bumped whenever the session is set or ended, so a renewal that finishes after that
  /// can tell its result belongs to a session that no longer exists.
  var generation = 0
  /// When the current access token was obtained (a sign-in or a renewal here), so its
  /// lifetime is known; `nil` for a session read from the store.
  var tokenObtainedAt: Date?
  /// Whether a sign-out is renewing the session to revoke it (`SessionState+SignOut.swift`).
  var signingOut = false
  /// The generation whose session ended because the server refused its refresh token, so a
  /// sign-out can tell the server's word from an end judged here (`renewForSignOut()`).
  var refusedIn: Int?
  /// Whether the last renewal took a copy another process had renewed, spending nothing.
  var lastRenewalAdopted = false
  /// The accounts as the listeners last heard of them, so a change another process made to
  /// the kept accounts is told apart from this process's own (`followStoredSession`).
  var accountsHeard: [AccountKey: User] = [:]
  /// Access tokens of earlier copies of the current session (renewed here or by another
  /// process), so a request rejected with one of them is known as this session's.
  var earlierTokens: [String] = []
  /// Access tokens of sessions that were current here before, with their account.
  var retiredTokens: [(token: String, account: AccountKey)] = []

  /// - Parameters:
  ///   - store: The store the app gave: an `AccountSessionStore` keeps several accounts,
  ///     any other keeps one.
  ///   - accepts: Whether a stored session may be used with this service's adapter.
  ///   - renewer: Exchanges a refresh token for a new session (the network call).
  init(
    store: any SessionStore, accepts: @escaping @Sendable (UserSession) -> Bool,
    now: @escaping @Sendable () -> Date, renewalMargin: TimeInterval,
    renewer: @escaping Renewer
  ) {
    if let several = store as? any AccountSessionStore {
      accountStore = several
      keepsSeveralAccounts = true
    } else {
      accountStore = OneAccountStore(base: store)
      keepsSeveralAccounts = false
    }
    watched = store as? any SessionStoreWatching
    self.accepts = accepts
    self.store = accountStore
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
  ) throws(AuthFailure) {
    let target = accountStore.store(for: AccountKey(newSession))
    try write(newSession, to: target, record: record)
    store = target
    retireCurrent()
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
  ) throws(AuthFailure) -> UserSession? {
    guard var updated = session, updated.user.id == user.id else { return nil }
    updated.user = user
    // Another process may have replaced or cleared the stored session since this one was
    // read (its sign-in or sign-out): the store is written only while it still holds this
    // session, so an old copy never overwrites the newer one (which would then stay live at
    // the server with no copy anywhere) nor brings back one signed out.
    if (try? store.load())?.accessToken == updated.accessToken {
      try write(updated, to: store, record: record)
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
    publishAccounts([.signedIn(session.user)])
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
  /// - Returns: The store's failure when it could not be cleared (the session is ended in
  ///   memory anyway: the server no longer honours it, or the person asked for it).
  ///
  /// With several accounts, the account leaves the record too. A sign-out (`.userAction`)
  /// makes the most recently active of the other accounts active (`.accountRemoved`, then
  /// `.switched(to:)`); a session that ends on its own leaves none active (`.signedOut`):
  /// no one is switched to another person's account without asking.
  @discardableResult
  package func endSession(_ reason: SignOutReason) -> AuthFailure? {
    guard let current = session else { return nil }
    let key = AccountKey(current)
    var failure: AuthFailure?
    var next: (key: AccountKey, session: UserSession)?
    if reason == .userAction || !storeHoldsAnother(than: current) {
      next = reason == .userAction ? nextAccount(after: key) : nil
      // The record first, in one write with the account active next, then the file: a
      // process watching the folder never reads "none active" on the way to the next one.
      do {
        if try !leave(key, for: next?.key) { next = nil }
      } catch {
        failure = error
        next = nil
      }
      do { try store.clear() } catch { failure = failure ?? error }
    }
    let wasAnnounced = announced
    retireCurrent()
    generation += 1
    renewal = nil
    signingOut = false
    session = nil
    tokenObtainedAt = nil
    announced = false
    if let next {
      take(next.session, from: accountStore.store(for: next.key))
      publishAccounts(
        [.accountRemoved(current.user, .userAction), .switched(to: next.session.user)])
    } else if wasAnnounced {
      publishAccounts([.signedOut(reason)])
    } else {
      publishAccounts([])
    }
    return failure
  }

  /// Ends the session only while it is `key`'s.
  /// - Returns: Whether it ended it.
  package func endSession(_ reason: SignOutReason, ifAccount key: AccountKey) -> Bool {
    guard let session, AccountKey(session) == key else { return false }
    endSession(reason)
    return true
  }

  /// Ends the session only while its access token is `token`.
  /// - Returns: Whether it ended it.
  package func endSession(_ reason: SignOutReason, ifCurrent token: String) -> Bool {
    guard session?.accessToken == token else { return false }
    endSession(reason)
    return true
  }

  /// Whether the store holds a readable session other than `session` (another access
  /// token): one stored by another process since this one was read, by a sign-in or a
  /// renewal.
  private func storeHoldsAnother(than session: UserSession) -> Bool {
    guard let stored = try? store.load() else { return false }
    return stored.accessToken != session.accessToken
  }

  /// Runs `record` with a `persist` that saves `session` in `target` (its account's store)
  /// and makes its account the active one; when `record` fails after the save, writes back
  /// what `target` held, so the store is as it was.
  private func write(
    _ session: UserSession, to target: any SessionStore, record: Recorder
  ) throws(AuthFailure) {
    let before = try? target.load()
    let activeBefore = (try? accountStore.loadRecord())?.active
    var saved = false
    do {
      try record { () throws(AuthFailure) in
        try target.save(session)
        saved = true
        try makeActive(AccountKey(session))
      }
    } catch {
      if saved {
        if let before { try? target.save(before) } else { try? target.clear() }
        _ = try? accountStore.updateRecord { $0.active = activeBefore }
      }
      throw error
    }
  }
}

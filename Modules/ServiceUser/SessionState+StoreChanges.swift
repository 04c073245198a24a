import LoginCore
import UserModel

extension SessionState {
  /// Starts following the store (once per state, whatever the number of listeners) when it
  /// can be watched: each possible change re-reads it (`followStoredSession(seen:)`).
  /// The broadcaster cancels the task when the last listener leaves, or when it goes away
  /// with this state (the task holds the state weakly), which ends the store's stream and
  /// releases its watch; the next listener starts another.
  nonisolated func followStore() {
    guard let watching = watched, let claim = broadcaster.claimFollower() else { return }
    // Outside every lock: `changes()` is the store's code. The copy stored now is left to
    // the launch check (`restoreSession()`), which validates it first.
    let changes = watching.changes()
    let before = (try? watching.loadWithoutWriting())?.accessToken
    let task = Task { [weak self] in
      await self?.startFollowing()
      var seen = before
      for await _ in changes {
        guard let self else { return }
        seen = await self.followStoredSession(seen: seen)
      }
    }
    broadcaster.keepFollower(task, claim: claim)
  }

  /// The accounts kept when the watch starts, to compare the next read with.
  private func startFollowing() {
    publishAccounts([])
  }

  /// Re-reads the store after it may have changed and reports what another process did:
  /// its sign-out of the current account (`.signedOut(.userAction)`, or `.accountRemoved`
  /// and `.switched(to:)` when it made another account active), a sign-in (`.signedIn`), a
  /// switch (`.switched(to:)`), the removal of another account (`.accountRemoved`). A
  /// renewal by another process (the same account, new tokens) is taken up quietly: the
  /// listeners' state did not change, and `SessionChange` has no case for it. This
  /// process's own writes change the store and the current session in one turn of this
  /// actor, and the accounts the listeners heard of with them, so they read as no change
  /// here and are reported once.
  ///
  /// A store that cannot be read is left alone: the next use of the session says so. A
  /// renewal in flight here is awaited first (it re-reads the store under its lock and may
  /// store its result), then the store is compared; a sign-out in flight here ends the
  /// session itself.
  /// - Parameter seen: The access token stored when this was last called (or the watch
  ///   started): with no session here, that copy is not taken up again (the launch check,
  ///   or this process's own decision, already dealt with it).
  /// - Returns: The access token stored now, for the next call's `seen`.
  func followStoredSession(seen: String?) async -> String? {
    // Once: a renewal that started meanwhile is the next change's to wait for.
    if let inFlight = renewal { _ = await inFlight.value }
    guard renewal == nil, !signingOut, let watching = watched else { return seen }
    let loaded: UserSession?
    do { loaded = try watching.loadWithoutWriting() } catch { return seen }
    let stored = loaded.flatMap { accepts($0) ? $0 : nil }
    let heard = accountsHeard
    let entries = keptEntries()
    let kept = Set(entries.map(\.key))
    var heardEntries = entries
    var changes: [SessionChange] = []
    if keepsSeveralAccounts {
      for (key, user) in heard where !kept.contains(key) && key != session.map(AccountKey.init) {
        changes.append(.accountRemoved(user, .userAction))
      }
    }
    switch (session, stored) {
    case (nil, nil):
      break
    case (nil, let stored?) where stored.accessToken == seen:
      break
    case (let current?, nil):
      let wasAnnounced = announced
      takeStoreSignOut()
      if wasAnnounced { changes.append(.signedOut(.userAction)) }
      // Signed out: its file, removed after the record, is not another account kept.
      heardEntries.removeAll { $0.key == AccountKey(current) }
    case (let current?, let stored?) where AccountKey(current) == AccountKey(stored):
      // A renewal (or a user update) by another process: the same account, newer copy.
      if current.accessToken != stored.accessToken {
        tokenObtainedAt = nil
        rememberEarlier(current.accessToken)
      }
      session = stored
      if current.user != stored.user { broadcaster.update(stored.user) }
    case (let current, let stored?):
      let wasAnnounced = announced
      if keepsSeveralAccounts, let current, !kept.contains(AccountKey(current)) {
        changes.append(.accountRemoved(current.user, .userAction))
      }
      // With several accounts, another active account while this process showed one is a
      // switch to it, kept before or just signed in there: listeners route it like one.
      takeStored(stored)
      changes.append(
        keepsSeveralAccounts && wasAnnounced ? .switched(to: stored.user) : .signedIn(stored.user))
    }
    let accounts = entries.map(\.account)
    if changes.isEmpty {
      // Nothing to tell yet: an account file another process just wrote may be read before
      // its record, so it counts as heard of only with the change that makes it active.
      broadcaster.update(accounts: accounts)
    } else {
      hear(heardEntries)
      for change in changes { broadcaster.publish(change, accounts: accounts) }
    }
    return loaded?.accessToken
  }

  /// The store holds no active session any more: another process signed out. Ends it here
  /// without touching the store (a sign-in there may already follow).
  private func takeStoreSignOut() {
    retireCurrent()
    generation += 1
    renewal = nil
    session = nil
    tokenObtainedAt = nil
    announced = false
  }

  /// Another process made `stored` the active session: current here too, announced.
  private func takeStored(_ stored: UserSession) {
    retireCurrent()
    generation += 1
    renewal = nil
    tokenObtainedAt = nil
    store = accountStore.store(for: AccountKey(stored))
    session = stored
    announced = true
  }
}

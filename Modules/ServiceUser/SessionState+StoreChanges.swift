import LoginCore
import UserModel

extension SessionState {
  /// Starts following the store (once per state, whatever the number of listeners) when it
  /// can be watched: each possible change re-reads it (`followStoredSession(accepting:seen:)`).
  /// The broadcaster cancels the task when the last listener leaves, or when it goes away
  /// with this state (the task holds the state weakly), which ends the store's stream and
  /// releases its watch; the next listener starts another.
  /// - Parameter accepts: Whether a stored session may be taken up here (its issuer).
  nonisolated func followStore(accepting accepts: @escaping @Sendable (UserSession) -> Bool) {
    guard let watching = store as? any SessionStoreWatching,
      let claim = broadcaster.claimFollower()
    else { return }
    // Outside every lock: `changes()` is the store's code. The copy stored now is left to
    // the launch check (`restoreSession()`), which validates it first.
    let changes = watching.changes()
    let before = (try? watching.loadWithoutWriting())?.accessToken
    let task = Task { [weak self] in
      var seen = before
      for await _ in changes {
        guard let self else { return }
        seen = await self.followStoredSession(accepting: accepts, seen: seen)
      }
    }
    broadcaster.keepFollower(task, claim: claim)
  }

  /// Re-reads the store after it may have changed and reports what another process did:
  /// its sign-out (`.signedOut(.userAction)`), a sign-in as another user (`.signedIn`), or
  /// a sign-in while none is current here (`.signedIn`). A renewal by another process (the
  /// same user, new tokens) is taken up quietly: the listeners' state, the signed-in user,
  /// did not change, and `SessionChange` has no case for it. This process's own writes
  /// change the store and the current session in one turn of this actor, so they read as
  /// no change here and are reported once.
  ///
  /// A store that cannot be read is left alone: the next use of the session says so. A
  /// renewal in flight here is awaited first (it re-reads the store under its lock and may
  /// store its result), then the store is compared; a sign-out in flight here ends the
  /// session itself.
  /// - Parameters:
  ///   - accepts: Whether a stored session may be taken up here.
  ///   - seen: The access token stored when this was last called (or the watch started):
  ///     with no session here, that copy is not taken up again (the launch check, or this
  ///     process's own decision, already dealt with it).
  /// - Returns: The access token stored now, for the next call's `seen`.
  func followStoredSession(
    accepting accepts: (UserSession) -> Bool, seen: String?
  ) async -> String? {
    // Once: a renewal that started meanwhile is the next change's to wait for.
    if let inFlight = renewal { _ = await inFlight.value }
    guard renewal == nil, !signingOut, let watching = store as? any SessionStoreWatching
    else { return seen }
    let loaded: UserSession?
    do { loaded = try watching.loadWithoutWriting() } catch { return seen }
    let stored = loaded.flatMap { accepts($0) ? $0 : nil }
    switch (session, stored) {
    case (nil, nil):
      break
    case (nil, let stored?) where stored.accessToken == seen:
      break
    case (.some, nil):
      takeStoreSignOut()
    case (let current?, let stored?) where current.user.id == stored.user.id:
      // A renewal (or a user update) by another process: the same account, newer copy.
      if current.accessToken != stored.accessToken { tokenObtainedAt = nil }
      session = stored
      if current.user != stored.user { broadcaster.update(stored.user) }
    case (_, let stored?):
      generation += 1
      renewal = nil
      tokenObtainedAt = nil
      session = stored
      announced = true
      broadcaster.publish(.signedIn(stored.user))
    }
    return loaded?.accessToken
  }

  /// The store holds no session any more: another process signed out. Ends it here without
  /// touching the store (a sign-in there may already follow).
  private func takeStoreSignOut() {
    generation += 1
    renewal = nil
    session = nil
    tokenObtainedAt = nil
    if announced { broadcaster.publish(.signedOut(.userAction)) }
    announced = false
  }
}

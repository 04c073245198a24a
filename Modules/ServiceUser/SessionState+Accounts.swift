import Foundation
import LoginCore
import UserModel

/// The accounts kept beside the current one: the record of the active account, switching,
/// and removing an account that is not current.
extension SessionState {
  /// The accounts kept for this service's identity, most recently active first, read from
  /// the store (the active one as the record names it). An account whose session cannot be
  /// read is left out, and left in place.
  package func keptAccounts() -> [Account] { keptEntries().map(\.account) }

  /// `keptAccounts()` with each account's key.
  func keptEntries() -> [(key: AccountKey, account: Account)] {
    guard let record = try? accountStore.loadRecord() else {
      return session.map {
        [(AccountKey($0), Account(user: $0.user, lastActive: nil, isActive: true))]
      } ?? []
    }
    var entries: [(key: AccountKey, account: Account)] = []
    for key in record.accountsByRecency {
      guard let stored = try? read(accountStore.store(for: key)), accepts(stored) else {
        continue
      }
      // This process's copy is the newest of the current account.
      let user = session.map { AccountKey($0) == key ? $0.user : stored.user } ?? stored.user
      let account = Account(
        user: user, lastActive: record.lastActive[key], isActive: key == record.active)
      entries.append((key, account))
    }
    return entries
  }

  /// Publishes `changes` in order, the accounts after them listed for the next listener.
  func publishAccounts(_ changes: [SessionChange]) {
    let entries = keptEntries()
    hear(entries)
    let accounts = entries.map(\.account)
    for change in changes { broadcaster.publish(change, accounts: accounts) }
    if changes.isEmpty { broadcaster.update(accounts: accounts) }
  }

  /// Remembers `entries` as what the listeners know.
  func hear(_ entries: [(key: AccountKey, account: Account)]) {
    accountsHeard = [:]
    for entry in entries { accountsHeard[entry.key] = entry.account.user }
  }

  /// Records `key` as the active account, last active now.
  func makeActive(_ key: AccountKey) throws(AuthFailure) {
    let moment = now()
    try accountStore.updateRecord { record in
      record.active = key
      record.lastActive[key] = moment
    }
  }

  /// Removes `key` from the record (its session is being cleared), in one write with the
  /// account active next when `key` was the active one.
  /// - Parameters:
  ///   - key: The account leaving.
  ///   - next: The account to make active in its place, or `nil` for none.
  /// - Returns: Whether `next` was made active (not when another process made another
  ///   account active meanwhile).
  @discardableResult
  func leave(_ key: AccountKey, for next: AccountKey? = nil) throws(AuthFailure) -> Bool {
    let moment = now()
    var madeActive = false
    try accountStore.updateRecord { record in
      record.lastActive[key] = nil
      guard record.active == key || record.active == nil else { return }
      record.active = next
      if let next {
        record.lastActive[next] = moment
        madeActive = true
      }
    }
    return madeActive
  }

  /// The most recently active other account of this identity with a usable session: the
  /// one a sign-out of `key` makes active.
  /// - Returns: Its key and session, or `nil` when none is kept.
  func nextAccount(after key: AccountKey) -> (key: AccountKey, session: UserSession)? {
    guard keepsSeveralAccounts, let record = try? accountStore.loadRecord() else { return nil }
    let moment = now()
    for candidate in record.accountsByRecency where candidate != key {
      guard let stored = try? accountStore.store(for: candidate).load(), accepts(stored),
        !stored.isRefreshExpired(at: moment), !stored.hasEnded(at: moment)
      else { continue }
      return (candidate, stored)
    }
    return nil
  }

  /// The active account as the record names it, with its session, when it is kept and of
  /// this identity.
  func activeKept() -> (key: AccountKey, session: UserSession)? {
    guard keepsSeveralAccounts, let key = (try? accountStore.loadRecord())?.active,
      let stored = try? read(accountStore.store(for: key)), accepts(stored)
    else { return nil }
    return (key, stored)
  }

  /// Makes a kept account current: the switch of `ServiceUser.switchAccount(to:)`. Nothing
  /// is asked of the server: the session is used like a restored one, renewed when due.
  /// - Parameter key: The account.
  /// - Returns: Its session.
  /// - Throws: `.refused(.unknownAccount)` when it is not kept; `.refused(.sessionEnded)`
  ///   when its session has run its course (it is removed, `.accountRemoved` with
  ///   `.expired`); `.unsupported(.switchAccount)` with one account at a time; the store's
  ///   failure when it cannot be read or the record written (nothing changed then).
  package func switchAccount(to key: AccountKey) throws(AuthFailure) -> UserSession {
    guard keepsSeveralAccounts else { throw .unsupported(.switchAccount) }
    if let session, AccountKey(session) == key {
      // Already current: told all the same, so whoever asked hears the switch it waits for.
      try makeActive(key)
      publishAccounts([.switched(to: session.user)])
      return session
    }
    let target = accountStore.store(for: key)
    guard let stored = try target.load(), accepts(stored) else {
      throw .refused(.unknownAccount)
    }
    if stored.isRefreshExpired(at: now()) || stored.hasEnded(at: now()) {
      // Only the copy read: another process's new sign-in of the account meanwhile stays.
      if (try? target.load())?.accessToken == stored.accessToken {
        _ = try? leave(key)
        try? target.clear()
      }
      publishAccounts([.accountRemoved(stored.user, .expired)])
      throw Self.ended
    }
    try makeActive(key)
    take(stored, from: target)
    publishAccounts([.switched(to: stored.user)])
    return stored
  }

  /// Removes an account that is not current: its session leaves its store and the record,
  /// and listeners hear `.accountRemoved`. The caller revoked it at the server first.
  /// - Parameters:
  ///   - stored: The session as its store held it.
  ///   - reason: Why it goes.
  /// - Returns: `false` when it became current meanwhile (the caller signs it out as the
  ///   current one instead).
  package func removeKept(_ stored: UserSession, reason: SignOutReason) -> Bool {
    let key = AccountKey(stored)
    if let session, AccountKey(session) == key { return false }
    let target = accountStore.store(for: key)
    // Only the copy that was revoked: another process's new sign-in of the account stays.
    if (try? target.load())?.accessToken == stored.accessToken {
      _ = try? leave(key)
      try? target.clear()
    }
    publishAccounts([.accountRemoved(stored.user, reason)])
    return true
  }

  /// What a refusal of the session by the server (`.refused(.sessionEnded)` for a call made
  /// with `token`) comes to here.
  package enum RefusalVerdict: Sendable {
    /// The current session was refused: it ended (`.revoked`).
    case ended
    /// Another process stored a newer copy of the same account since `token` was read: it
    /// is current now, and the call may go again with its token.
    case newerCopy
    /// `token` is not the current session's: another account is current (or none), and
    /// nothing here ends for it.
    case notCurrent
  }

  /// Judges a refusal of the call made with `token`: ends the current session only when
  /// `token` is its own and its store holds no newer copy of the account.
  /// - Parameter token: The access token the refused call carried.
  /// - Returns: What came of it.
  package func judgeRefusal(of token: String) -> RefusalVerdict {
    guard let current = session else { return .notCurrent }
    if current.accessToken != token {
      return earlierTokens.contains(token) ? .newerCopy : .notCurrent
    }
    if let stored = try? store.load(), AccountKey(stored) == AccountKey(current),
      stored.accessToken != token, accepts(stored)
    {
      rememberEarlier(token)
      tokenObtainedAt = nil
      session = stored
      return .newerCopy
    }
    endSession(.revoked)
    return .ended
  }

  /// Moves a session kept before server identities were recorded to the key it has once
  /// recorded (`stamped`, the same session with this adapter's identity), so its account's
  /// store is found by that key from now on. Best effort: left as it is when it fails.
  /// - Parameters:
  ///   - found: The session as read, without an issuer.
  ///   - stamped: The same session with the adapter's identity.
  package func rekey(_ found: UserSession, as stamped: UserSession) {
    let old = AccountKey(found)
    let new = AccountKey(stamped)
    guard keepsSeveralAccounts, old != new else { return }
    let source = accountStore.store(for: old)
    let target = accountStore.store(for: new)
    // Only the copy read, and only into an empty place: another process may have moved it
    // first and renewed it there, and this copy's refresh token is spent then.
    guard (try? source.load())?.accessToken == found.accessToken else { return }
    do {
      guard try target.load() == nil else { return }
      try target.save(stamped)
    } catch {
      return
    }
    // The record names the new place before the old one empties, so a process reading in
    // between finds the account, not a sign-out.
    _ = try? accountStore.updateRecord { record in
      record.lastActive[new] = record.lastActive[old] ?? now()
      record.lastActive[old] = nil
      if record.active == old { record.active = new }
    }
    try? source.clear()
  }

  /// Makes `stored`, read from `target`, the current session, announced (no write).
  func take(_ stored: UserSession, from target: any SessionStore) {
    store = target
    retireCurrent()
    generation += 1
    renewal = nil
    signingOut = false
    tokenObtainedAt = nil
    session = stored
    announced = true
  }

  /// Reads a store without writing when it can (a watch's read), else with `load()`.
  func read(_ target: any SessionStore) throws(AuthFailure) -> UserSession? {
    if let watching = target as? any SessionStoreWatching {
      return try watching.loadWithoutWriting()
    }
    return try target.load()
  }
}

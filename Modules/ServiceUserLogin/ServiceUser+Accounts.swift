import LoginCore
import ServiceUser
import UserModel

/// Several accounts: listing them, switching, and signing out one or all.
extension ServiceUser {
  /// The accounts signed in on this device at this service's server identity, most recently
  /// active first, the active one marked. With a store that keeps one account (any store
  /// that is not an `AccountSessionStore`), at most the one stored.
  ///
  /// ```swift
  /// for account in await service.accounts() {
  ///   print(account.isActive ? "*" : " ", account.identifier, account.type.rawValue)
  /// }
  /// ```
  /// - Returns: The accounts; empty when none is signed in or the store cannot be read.
  public func accounts() async -> [Account] {
    await state.keptAccounts()
  }

  /// Makes another signed-in account the active one: its session becomes current and
  /// listeners hear `.switched(to:)`. Nothing is asked of the server: the session is
  /// validated and renewed on its next use, like a restored one, so a switch works offline.
  /// A renewal of the account switched away from that finishes later keeps its new tokens in
  /// that account's own store and reports nothing.
  ///
  /// ```swift
  /// let session = try await service.switchAccount(to: account)
  /// showHome(of: session.user.type)
  /// ```
  /// - Parameter account: One of `accounts()`.
  /// - Returns: Its session, now current.
  /// - Throws: `.refused(.unknownAccount)` when it is not signed in here (any more);
  ///   `.refused(.sessionEnded)` when its session has run its course (it is removed, and
  ///   listeners hear `.accountRemoved` with `.expired`); `.unsupported(.switchAccount)`
  ///   with a store of one account; `.unavailable(.sessionUnreadable(_:))` or
  ///   `.unavailable(.storage(_:))` from the store (nothing changed then).
  public func switchAccount(to account: Account) async throws(AuthFailure) -> UserSession {
    try await state.switchAccount(to: key(of: account))
  }

  /// Signs one account out, on the server when it can be reached and on this device
  /// always. The active account is signed out like `signOut()` (the most recently active of
  /// the others becomes active); another account is revoked with its stored session, stays
  /// inactive meanwhile, and leaves with `.accountRemoved(_:_:)`. Such a session is never
  /// renewed to be revoked (`revoke(refreshToken:)` serves when its access token is no longer
  /// taken); a revocation that got no answer is queued, as `signOut()`'s is.
  /// - Parameter account: One of `accounts()`.
  /// - Returns: Like `signOut()`; `.signedOut` when it is not signed in here.
  public func signOut(account: Account) async -> SignOutOutcome {
    let key = key(of: account)
    if let current = await currentSession, AccountKey(current) == key { return await signOut() }
    return await signOutKept(key)
  }

  /// Signs out every account, each like `signOut(account:)`: the others first, the current
  /// one last, so no other account becomes active on the way. Listeners hear
  /// `.accountRemoved` for each of the others and `.signedOut(.userAction)` at the end.
  /// - Returns: `.signedOut` when the server confirmed every one; otherwise the first outcome
  ///   it did not confirm (an account that could not be read or removed here counts as not
  ///   confirmed, and stays listed).
  public func signOutAll() async -> SignOutOutcome {
    var outcomes: [SignOutOutcome] = []
    let current = await currentSession.map(AccountKey.init)
    for account in await accounts() where key(of: account) != current {
      outcomes.append(await signOutKept(key(of: account)))
    }
    outcomes.append(await signOut())
    return outcomes.first { $0 != .signedOut } ?? .signedOut
  }

  /// Signs out an account that is not the current one: revoked with its stored session under
  /// its lock (never renewed for it), then removed. When it became current meanwhile (a
  /// switch), it is signed out as the current one instead.
  /// - Parameter key: The account.
  /// - Returns: Like `signOut()`; `.signedOut` when no session of it is stored;
  ///   `.signedOutLocally` when its store could not be read or locked (it stays then).
  package func signOutKept(_ key: AccountKey) async -> SignOutOutcome {
    let target = state.accountStore.store(for: key)
    // Twice at most: once more only when it became current during the first turn.
    for _ in 0..<2 {
      if let current = await currentSession, AccountKey(current) == key {
        return await signOut()
      }
      // Under the account's lock, like every write of its session: another process cannot
      // renew it meanwhile, and the newest copy is the one revoked.
      let outcome: SignOutOutcome?
      do {
        outcome = try await target.exclusively { () async -> SignOutOutcome? in
          let stored: UserSession?
          do {
            stored = try target.load()
          } catch {
            return .signedOutLocally
          }
          // A store of one account holds whoever signed in last: only this account's
          // session is revoked.
          guard let stored, AccountKey(stored) == key, self.wasIssuedHere(stored) else {
            return .signedOut
          }
          let revocation = await self.revokeAtServer(stored, renewalAllowed: false)
          guard await self.state.removeKept(stored, reason: .userAction) else { return nil }
          if case .done(let outcome) = revocation { return outcome }
          return .signedOutLocally
        }
      } catch {
        return .signedOutLocally
      }
      if let outcome { return outcome }
    }
    return .signedOutLocally
  }

  /// The key of one of `accounts()`: its user at this service's server identity.
  private func key(of account: Account) -> AccountKey {
    AccountKey(userID: account.user.id, issuer: remote.sessionIssuer)
  }
}

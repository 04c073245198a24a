import Foundation
import LoginCore
import UserModel

/// The session lifecycle. Each call writes the account rows and the session store together,
/// then updates the current session, then tells the listeners: a failure leaves all three as
/// they were. `establishSession(_:)` and `endSession(_:)` are public, so an app can install a
/// session it obtained elsewhere (Sign in with Apple, a web flow) and end it.
extension ServiceUser {
  /// Makes a session current: records the account and the last signed-in identifier, saves the
  /// session, then publishes `.signedIn`. The sign-in operations call it with what the server
  /// issued; an app calls it with a session it obtained another way. Its tokens are then
  /// renewed through `remote` like any other.
  ///
  /// ```swift
  /// let session = UserSession(user: user, accessToken: access, accessTokenExpiresAt: expiry,
  ///                           refreshToken: refresh)   // no refresh token: pass none
  /// try await service.establishSession(session)
  /// ```
  /// - Parameter session: The new session.
  /// - Throws: `.unavailable(.storage(_:))` when the account database or the store could not
  ///   be written, `.refused(.updateRequired)` when a newer version of the app wrote the
  ///   account database; nothing changed then.
  public func establishSession(_ session: UserSession) async throws(AuthFailure) {
    let moment = now()
    let accounts = self.accounts
    try await state.setSession(session, announce: true, obtainedNow: true) {
      persist throws(AuthFailure) in
      try accounts.recordSignIn(of: session.user, at: moment, persist: persist)
    }
  }

  /// Makes a stored session current without writing or announcing anything, so authorized
  /// requests can validate (and renew) it; `confirmSession(with:)` or `endSession(_:)`
  /// follows.
  /// - Parameter session: The session read from the store.
  package func adoptStoredSession(_ session: UserSession) async {
    try? await state.setSession(session, announce: false, obtainedNow: false) {
      _ throws(AuthFailure) in
    }
  }

  /// Accepts the current session: records the server's copy of its user (account row and
  /// store), then publishes `.signedIn` if it was not announced yet.
  /// - Parameter user: The user as the server reported it, or `nil` to keep the stored one.
  /// - Returns: The current session, or `nil` when it ended meanwhile.
  /// - Throws: Like `establishSession(_:)`; the session stays current, unannounced.
  package func confirmSession(with user: User?) async throws(AuthFailure) -> UserSession? {
    guard let current = await state.session else { return nil }
    let latest = try await updateSignedInUser(user ?? current.user)
    await state.announce()
    return latest
  }

  /// Records new details of the signed-in user (account row and store) without a new
  /// `.signedIn`.
  /// - Parameter user: The updated user.
  /// - Returns: The updated session, or `nil` when that user is not signed in.
  /// - Throws: Like `establishSession(_:)`; nothing changed then.
  package func updateSignedInUser(_ user: User) async throws(AuthFailure) -> UserSession? {
    let moment = now()
    let accounts = self.accounts
    let state = self.state
    // Under the store's lock, like every other write of a session: the state writes only
    // while the store still holds this session, and another process's sign-in must not
    // land between that check and the write.
    guard let current = await state.session, current.user.id == user.id else { return nil }
    return try await store(of: current).exclusively {
      () async throws(AuthFailure) -> UserSession? in
      try await state.updateUser(user) { persist throws(AuthFailure) in
        try accounts.recordSignIn(of: user, at: moment, persist: persist)
      }
    }
  }

  /// Ends the session with `reason` only while `session` is still the current one (the same
  /// access token): a check that started with it never ends a session that replaced it
  /// meanwhile (a sign-in, a switch, another process's renewal taken up).
  /// - Parameters:
  ///   - reason: Why it ended.
  ///   - session: The session the caller judged.
  /// - Returns: Whether it ended it.
  @discardableResult
  package func endSession(_ reason: SignOutReason, ifCurrent session: UserSession) async -> Bool {
    await state.endSession(reason, ifCurrent: session.accessToken)
  }

  /// The store of `session`'s account: its own file and lock with a store that keeps several
  /// accounts, the one store otherwise.
  /// - Parameter session: A session of this service.
  /// - Returns: Its account's store.
  package func store(of session: UserSession) -> any SessionStore {
    state.accountStore.store(for: AccountKey(session))
  }

  /// Ends the session on this device with a reason, without asking the server: clears the
  /// store, forgets the session and publishes `.signedOut(reason)`. Does nothing when no one
  /// is signed in. (`signOut()` of ServiceUserLogin revokes on the server first.)
  /// - Parameter reason: Why it ended.
  /// - Returns: The store's failure (`.unavailable(.storage(_:))`) when the stored session
  ///   could not be removed; the session is ended here anyway.
  @discardableResult
  public func endSession(_ reason: SignOutReason) async -> AuthFailure? {
    await state.endSession(reason)
  }
}

import Foundation
import WireFormat
import LoginCore
import UserModel

extension FakeAuthRemoteAPI {
  /// Checks the password; a `requiresCode` account gets a challenge.
  /// - Parameter credentials: The identifier and password.
  /// - Returns: A session, or a challenge whose code is `lastCode`.
  /// - Throws: `.refused(.invalidCredentials)`, or a scripted failure.
  public func signIn(_ credentials: SignInCredentials) async throws(AuthFailure)
    -> SignInOutcome
  {
    try begin(.signIn, .signIn(credentials.identifier))
    return try state.withLock { state throws(AuthFailure) -> SignInOutcome in
      guard let account = state.accounts[identifierRule.normalized(credentials.identifier)],
        account.password == credentials.password
      else { throw .refused(.invalidCredentials(identifierKind)) }
      guard account.requiresCode else {
        return .signedIn(issue(for: account.user, family: nil, in: &state))
      }
      state.counter += 1
      let id = "chl_\(state.counter)"
      let code = String(format: "%06d", state.counter % 1_000_000)
      let expiresAt = now().addingTimeInterval(60)
      state.challenges[id] = PendingCode(
        userID: account.user.id, code: code, expiresAt: expiresAt, attemptsLeft: 3)
      state.lastCode = code
      return .codeRequired(Challenge(id: id, expiresAt: expiresAt, channel: "sms"))
    }
  }

  /// Checks a code: three tries, sixty seconds.
  /// - Parameters:
  ///   - code: The code.
  ///   - challenge: The sign-in's challenge.
  /// - Returns: The session.
  /// - Throws: `.refused(.invalidCode(attemptsLeft:))`, `.refused(.codeExpired)`,
  ///   `.refused(.tooManyAttempts)`, or a scripted failure.
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    try begin(.verifyCode, .verifyCode(code))
    let moment = now()
    return try state.withLock { state throws(AuthFailure) -> UserSession in
      guard var pending = state.challenges[challenge.id], moment < pending.expiresAt,
        let user = state.accounts.values.first(where: { $0.user.id == pending.userID })?.user
      else { throw .refused(.codeExpired) }
      guard pending.code == code else {
        pending.attemptsLeft -= 1
        state.challenges[challenge.id] = pending.attemptsLeft > 0 ? pending : nil
        throw pending.attemptsLeft > 0
          ? .refused(.invalidCode(attemptsLeft: pending.attemptsLeft))
          : .refused(.tooManyAttempts)
      }
      state.challenges[challenge.id] = nil
      return issue(for: user, family: nil, in: &state)
    }
  }

  /// Creates the account and signs it in.
  /// - Parameter form: The form.
  /// - Returns: The new session.
  /// - Throws: `.refused(.identifierTaken)`, or a scripted failure.
  public func signUp(_ form: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    try begin(.signUp, .signUp(form.identifier))
    return try state.withLock { state throws(AuthFailure) -> UserSession in
      let key = identifierRule.normalized(form.identifier)
      guard state.accounts[key] == nil else { throw .refused(.identifierTaken(identifierKind)) }
      state.counter += 1
      let user = User(
        id: "usr_\(state.counter)", identifier: key, name: form.name, type: form.type)
      state.accounts[key] = Account(user: user, password: form.password, requiresCode: false)
      return issue(for: user, family: nil, in: &state)
    }
  }

  /// Spends the refresh token for new tokens; the old refresh token is then refused.
  /// - Parameter session: The session.
  /// - Returns: The renewed session, same user.
  /// - Throws: `.refused(.sessionEnded)` for a spent or revoked token, or a scripted failure.
  public func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    try begin(.refresh, .refresh(session.refreshToken ?? ""))
    return try state.withLock { state throws(AuthFailure) -> UserSession in
      guard let refreshToken = session.refreshToken,
        let userID = state.refreshTokens.removeValue(forKey: refreshToken),
        let user = state.accounts.values.first(where: { $0.user.id == userID })?.user
      else { throw .refused(.sessionEnded) }
      return issue(for: user, family: state.refreshFamilies[refreshToken], in: &state)
    }
  }

  /// The token's user.
  /// - Parameter accessToken: The access token.
  /// - Returns: The user.
  /// - Throws: `.refused(.accessTokenRejected)` for an expired or unknown token.
  public func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    try begin(.currentUser, .currentUser(accessToken))
    return try state.withLock { state throws(AuthFailure) -> User in
      try account(of: accessToken, in: state).user
    }
  }

  /// Renames the token's user.
  /// - Parameters:
  ///   - name: The new name.
  ///   - accessToken: The access token.
  /// - Returns: The renamed user.
  /// - Throws: `.refused(.accessTokenRejected)`, or a scripted failure.
  public func updateName(_ name: String?, accessToken: String) async throws(AuthFailure) -> User
  {
    try begin(.updateName, .updateName(name, accessToken: accessToken))
    return try state.withLock { state throws(AuthFailure) -> User in
      var account = try account(of: accessToken, in: state)
      account.user.name = name
      state.accounts[identifierRule.normalized(account.user.identifier)] = account
      return account.user
    }
  }

  /// Revokes the session's tokens, given its live access token: like a server that revokes
  /// only by access token, it takes nothing else as proof.
  /// - Parameter session: The session.
  /// - Throws: `.refused(.accessTokenRejected)` when its access token is expired or unknown
  ///   (its refresh token then stays live), or a scripted failure.
  public func signOut(_ session: UserSession) async throws(AuthFailure) {
    try begin(.signOut, .signOut(session.accessToken))
    try state.withLock { state throws(AuthFailure) in
      _ = try account(of: session.accessToken, in: state)
      state.accessTokens[session.accessToken] = nil
      if let refreshToken = session.refreshToken { state.refreshTokens[refreshToken] = nil }
    }
  }

  /// Revokes a refresh token without an access token, when `revokesByRefreshToken` was set;
  /// like RFC 7009, an unknown or spent token is no error. Every token descending from the
  /// same sign-in ends with it, access tokens too (RFC 7009 §2.1's "SHOULD", and what the
  /// package's reference server does).
  /// - Parameter refreshToken: The refresh token.
  /// - Throws: `.unsupported(.signOut)` when not offered, or a scripted failure of
  ///   `.signOut`.
  public func revoke(refreshToken: String) async throws(AuthFailure) {
    guard revokesByRefreshToken else { throw .unsupported(.signOut) }
    try begin(.signOut, .revokeRefreshToken(refreshToken))
    state.withLock { state in
      state.refreshTokens[refreshToken] = nil
      guard let family = state.refreshFamilies[refreshToken] else { return }
      state.accessTokens = state.accessTokens.filter { $0.value.family != family }
      let families = state.refreshFamilies
      state.refreshTokens = state.refreshTokens.filter { families[$0.key] != family }
    }
  }

  // MARK: - Helpers

  /// Records the call, then throws a scripted failure or `.unsupported` when there is one.
  func begin(_ operation: AuthOperation, _ call: Call) throws(AuthFailure) {
    let failure: AuthFailure? = state.withLock { state in
      state.calls.append(call)
      if state.unsupported.contains(operation) { return .unsupported(operation) }
      guard var queued = state.failures[operation], !queued.isEmpty else { return nil }
      let next = queued.removeFirst()
      state.failures[operation] = queued
      return next
    }
    if let failure { throw failure }
  }

  /// Issues tokens: of a new family (`family` nil, a sign-in) or of the refreshed one's.
  func issue(for user: User, family: Int?, in state: inout State) -> UserSession {
    state.counter += 1
    let family = family ?? state.counter
    let moment = now()
    let session = UserSession(
      user: user, accessToken: "access-\(state.counter)",
      accessTokenExpiresAt: moment.addingTimeInterval(accessLifetime),
      refreshToken: issuesRefreshTokens ? "refresh-\(state.counter)" : nil,
      refreshTokenExpiresAt: issuesRefreshTokens ? moment.addingTimeInterval(30 * 24 * 3_600) : nil)
    state.accessTokens[session.accessToken] = Grant(
      userID: user.id, expiresAt: session.accessTokenExpiresAt, family: family)
    if let refreshToken = session.refreshToken {
      state.refreshTokens[refreshToken] = user.id
      state.refreshFamilies[refreshToken] = family
    }
    return session
  }

  func account(of accessToken: String, in state: State) throws(AuthFailure) -> Account {
    guard let grant = state.accessTokens[accessToken], now() < grant.expiresAt,
      let account = state.accounts.values.first(where: { $0.user.id == grant.userID })
    else { throw .refused(.accessTokenRejected) }
    return account
  }
}

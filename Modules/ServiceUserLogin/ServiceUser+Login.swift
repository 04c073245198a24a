import Foundation
import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs in with the identifier and password. The person is signed in at once, or, when
  /// your server asks for a second step (e.g. of some types of account), gets a one-time code (the
  /// outcome carries its challenge).
  ///
  /// On success the account row, the last signed-in identifier and the session are all written
  /// before this returns, and listeners hear `.signedIn`. On failure nothing changes; when
  /// the server accepted but this device could not record it, the error is
  /// `.unavailable(.storage(_:))`. One sign-in, sign-up or code check runs at a time: a second
  /// call while one is in flight fails at once with `.unavailable(.inProgress)` (it does not
  /// join the first).
  ///
  /// A session the new one replaces (here or stored by another process) is revoked at the
  /// server, best effort: its failure never fails the sign-in. When the server no longer
  /// takes its access token, its refresh token is revoked by itself
  /// (`AuthRemoteAPI.revoke(refreshToken:)`); a replaced session is never renewed for that,
  /// so with an adapter that revokes only by access token its refresh token lapses on its own.
  ///
  /// ```swift
  /// switch try await service.signIn(identifier: typed, password: typedPassword) {
  /// case .signedIn(let session): showHome(of: session.user.type)
  /// case .codeRequired(let challenge):
  ///   let code = await askForCode(sentBy: challenge.channel)
  ///   let session = try await service.verifyCode(code, for: challenge)
  ///   showHome(of: session.user.type)
  /// }
  /// ```
  /// - Parameters:
  ///   - identifier: What the person typed to sign in with, normalised by the service's
  ///     `identifierRule` before sending (an email is trimmed and lower-cased).
  ///   - password: The password as typed; sent to the server only, never stored or logged.
  /// - Returns: `.signedIn(session)` or `.codeRequired(challenge)`.
  /// - Throws: `AuthFailure`: the adapter's (its identifier named with `identifierRule`'s
  ///   kind), `.refused(.invalidForm(_:))` for input the rules refuse, or this device's.
  public func signIn(identifier: String, password: String) async throws(AuthFailure)
    -> SignInOutcome
  {
    try await exclusively { () throws(AuthFailure) in
      let credentials: SignInCredentials
      do throws(CredentialProblem) {
        credentials = try CredentialRules.validated(
          SignInCredentials(identifier: identifier, password: password), identifier: identifierRule)
      } catch {
        throw AuthFailure(error)
      }
      let outcome = try await call { () throws(AuthFailure) in
        try await remote.signIn(credentials)
      }
      guard case .signedIn(let session) = outcome else { return outcome }
      return .signedIn(try await record(session))
    }
  }

  /// Completes a sign-in that asked for a second step, with the one-time code.
  /// - Parameters:
  ///   - code: The code the person received.
  ///   - challenge: The challenge from `signIn(identifier:password:)`.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.refused(.invalidCode(attemptsLeft:))`, `.refused(.codeExpired)`,
  ///   `.refused(.tooManyAttempts)`, `.unavailable(.inProgress)`, `.unavailable(.offline)`,
  ///   `.unavailable(.storage(_:))`, …
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    try await exclusively { () throws(AuthFailure) in
      let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
      let session = try await call { () throws(AuthFailure) in
        try await remote.verifyCode(trimmed, for: challenge)
      }
      return try await record(session)
    }
  }

  /// Creates an account and signs it in. The form is checked with `credentialRules` first,
  /// so a refused email, password or name costs no round trip.
  /// - Parameter credentials: The sign-up form.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.refused(.identifierTaken(_:))`, `.refused(.invalidForm(_:))`,
  ///   `.refused(.invalidInput(_:message:))`, `.unavailable(.inProgress)`, … 
  public func signUp(_ credentials: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    try await exclusively { () throws(AuthFailure) in
      let form: SignUpCredentials
      do throws(CredentialProblem) {
        form = try credentialRules.validated(credentials, identifier: identifierRule)
      } catch {
        throw AuthFailure(error)
      }
      let session = try await call { () throws(AuthFailure) in try await remote.signUp(form) }
      return try await record(session)
    }
  }

  /// Signs in in the browser (OAuth's authorization code with PKCE, where the adapter offers
  /// it): `agent` shows the provider's page, and the session is recorded like a password
  /// sign-in's. The sign-in holds the one credential slot while the person is in the browser:
  /// a password sign-in meanwhile fails with `.unavailable(.inProgress)`.
  /// - Parameter agent: The app's browser, e.g. ServiceUserOIDC's `LoopbackUserAgent`.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.refused(.signInDeclined)`, `.refused(.signInCancelled)`,
  ///   `.refused(.signInExpired)`, `.refused(.signInInterrupted)`,
  ///   `.unsupported(.browserSignIn)`, `.unavailable(.inProgress)`, …
  public func signIn(with agent: any BrowserUserAgent) async throws(AuthFailure) -> UserSession
  {
    try await exclusively { () throws(AuthFailure) in
      let session = try await call { () throws(AuthFailure) in
        try await remote.signIn(with: agent)
      }
      return try await record(session)
    }
  }

  /// Starts a device sign-in (RFC 8628, where the adapter offers it): show the result's code
  /// and address, then call `finishDeviceSignIn(_:)`. Nothing is recorded yet.
  /// - Returns: The sign-in in progress.
  /// - Throws: `.unsupported(.deviceSignIn)`, `.unavailable(_)`, …
  public func startDeviceSignIn() async throws(AuthFailure) -> DeviceAuthorization {
    try await call { () throws(AuthFailure) in try await remote.startDeviceSignIn() }
  }

  /// Waits for the person to finish a device sign-in on their other device, then records the
  /// session like a password sign-in's. Cancel the calling task to stop waiting.
  /// - Parameter authorization: What `startDeviceSignIn()` returned.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.refused(.signInDeclined)`, `.refused(.signInExpired)`,
  ///   `.refused(.signInCancelled)`, `.unavailable(.inProgress)`, …
  public func finishDeviceSignIn(_ authorization: DeviceAuthorization) async throws(AuthFailure)
    -> UserSession
  {
    try await exclusively { () throws(AuthFailure) in
      let session = try await call { () throws(AuthFailure) in
        try await remote.finishDeviceSignIn(authorization)
      }
      return try await record(session)
    }
  }

  // MARK: - Helpers shared by the login operations

  /// Runs `operation` unless another credential operation is running.
  func exclusively<T>(
    _ operation: () async throws(AuthFailure) -> T
  ) async throws(AuthFailure) -> T {
    guard credentialGate.enter() else { throw .unavailable(.inProgress) }
    defer { credentialGate.leave() }
    return try await operation()
  }

  /// Calls the server's adapter; its refusals name the identifier with this service's rule.
  func call<T>(_ operation: () async throws(AuthFailure) -> T) async throws(AuthFailure) -> T {
    do {
      return try await operation()
    } catch {
      throw error.naming(identifierRule.kind)
    }
  }

  /// Records a session the server issued, with the adapter's identity in it: rows, store,
  /// then `.signedIn`. A session it replaces (this process's, or the one another process
  /// stored) is revoked at the server once the new one is recorded, best effort, so no live
  /// session is left behind: by its access token, or, once the server no longer takes that,
  /// by its refresh token (`revokeEnded(_:)`; never renewed for it, so with an adapter that
  /// revokes only by access token its refresh token then lapses on its own). One recorded
  /// for another identity is never sent here. A failed revocation never fails the sign-in;
  /// the sign-in returns once the revocations have been tried.
  /// - Returns: The session as kept.
  func record(_ issued: UserSession) async throws(AuthFailure) -> UserSession {
    let session = Self.stamped(issued, by: remote)
    // Under the account's lock, like a renewal, so two processes signing in and out at once
    // cannot leave a session unrevoked.
    let replaced = try await store(of: session).exclusively {
      () async throws(AuthFailure) -> [UserSession] in
      try await self.recordAlone(session)
    }
    // After the lock, never under it: the adapter may send through the authorized client,
    // whose renewal takes the lock (a second turn inside the first waits for itself), and
    // no network round trip holds up the other processes sharing the store. Nothing renews
    // the copies captured under the lock meanwhile: every renewal runs under that lock and
    // reads the store first, and the store holds the new session since that turn. A renewal
    // of the same account takes the new session instead of spending a refresh token; one of
    // another account ends without renewing (`SessionState`). So each copy is as new as any
    // the server knows, and revoking it after the lock reaches what revoking it under the
    // lock would have.
    for previous in replaced {
      await revokeEnded(previous)
    }
    // The server answered: revocations queued while it could not be reached go now.
    sendQueuedRevocationsSoon()
    return session
  }

  /// Records `session` inside its account's lock.
  /// - Returns: The sessions it replaced, to revoke once the lock is released: earlier
  ///   sessions of the same account (with several accounts kept, another account's session
  ///   stays signed in; with one account at a time, whichever session was there).
  private func recordAlone(_ session: UserSession) async throws(AuthFailure) -> [UserSession] {
    // This process's session and the stored one differ when another process renewed or
    // replaced it since: both are revoked.
    var current = await currentSession
    if let kept = current, state.keepsSeveralAccounts, AccountKey(kept) != AccountKey(session) {
      current = nil
    }
    var replaced: [UserSession] = []
    for candidate in [current, try? store(of: session).load()] {
      guard let candidate, candidate.accessToken != session.accessToken,
        wasIssuedHere(candidate),
        !replaced.contains(where: { $0.accessToken == candidate.accessToken })
      else { continue }
      replaced.append(candidate)
    }
    try await establishSession(session)
    return replaced
  }
}

import Foundation
import LoginCore
import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs in with the identifier and password. The person is signed in at once, or, when
  /// your server asks for a second step (Koober asks drivers), gets a one-time code (the
  /// outcome carries its challenge).
  ///
  /// On success the account row, the last signed-in identifier and the session are all written
  /// before this returns, and listeners hear `.signedIn`. On failure nothing changes; when
  /// the server accepted but this device could not record it, the error is `.storage`.
  /// One sign-in, sign-up or code check runs at a time: a second call while one is in
  /// flight fails at once with `.alreadyInProgress` (it does not join the first).
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
  /// - Throws: `LoginError`; see its table for what each server answer becomes.
  public func signIn(identifier: String, password: String) async throws(LoginError)
    -> SignInOutcome
  {
    try await exclusively { () throws(LoginError) in
      let credentials: SignInCredentials
      do throws(CredentialProblem) {
        credentials = try CredentialRules.validated(
          SignInCredentials(identifier: identifier, password: password), identifier: identifierRule)
      } catch {
        throw LoginError(error)
      }
      switch try await call({ () throws(AuthFailure) in try await remote.signIn(credentials) }) {
      case .challenge(let challenge):
        return .codeRequired(challenge)
      case .session(let session):
        try await record(session)
        return .signedIn(session)
      }
    }
  }

  /// Completes a sign-in that asked for a second step, with the one-time code.
  /// - Parameters:
  ///   - code: The code the person received.
  ///   - challenge: The challenge from `signIn(identifier:password:)`.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.invalidCode(attemptsLeft:)`, `.challengeExpired`, `.tooManyAttempts`,
  ///   `.alreadyInProgress`, `.offline`, `.storage`, … (see `LoginError`).
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(LoginError)
    -> UserSession
  {
    try await exclusively { () throws(LoginError) in
      let trimmed = code.trimmingCharacters(in: .whitespacesAndNewlines)
      let session = try await call { () throws(AuthFailure) in
        try await remote.verifyCode(trimmed, for: challenge)
      }
      try await record(session)
      return session
    }
  }

  /// Creates an account and signs it in. The form is checked with `CredentialRules` first,
  /// so a refused email, password or name costs no round trip.
  /// - Parameter credentials: The sign-up form.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.emailTaken`, `.invalidEmail`, `.weakPassword`, `.invalidName`,
  ///   `.alreadyInProgress`, `.offline`, `.storage`, … (see `LoginError`).
  public func signUp(_ credentials: SignUpCredentials) async throws(LoginError) -> UserSession {
    try await exclusively { () throws(LoginError) in
      let form: SignUpCredentials
      do throws(CredentialProblem) {
        form = try CredentialRules.validated(credentials, identifier: identifierRule)
      } catch {
        throw LoginError(error)
      }
      let session = try await call { () throws(AuthFailure) in try await remote.signUp(form) }
      try await record(session)
      return session
    }
  }

  // MARK: - Helpers shared by the login operations

  /// Runs `operation` unless another credential operation is running.
  private func exclusively<T>(
    _ operation: () async throws(LoginError) -> T
  ) async throws(LoginError) -> T {
    guard credentialGate.enter() else { throw .alreadyInProgress }
    defer { credentialGate.leave() }
    return try await operation()
  }

  /// Calls the server's adapter, mapping its failure.
  func call<T>(_ operation: () async throws(AuthFailure) -> T) async throws(LoginError) -> T {
    do {
      return try await operation()
    } catch {
      throw LoginError(error, identifier: identifierRule.kind)
    }
  }

  /// Records a session the server issued: rows, store, then `.signedIn`.
  private func record(_ session: UserSession) async throws(LoginError) {
    do {
      try await establishSession(session)
    } catch {
      throw LoginError(error)
    }
  }
}

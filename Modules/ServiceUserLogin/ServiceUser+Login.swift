import ServiceUser
import UserModel

extension ServiceUser {
  /// Signs in with email and password. A passenger is signed in at once; a driver gets a
  /// one-time code (the outcome carries its challenge).
  ///
  /// On success the account row, the last signed-in email and the session are all written
  /// before this returns, and listeners hear `.signedIn`. On failure nothing changes.
  /// Only one sign-in, sign-up or code check runs at a time: a second call while one is in
  /// flight fails at once with `.alreadyInProgress` (it does not join the first).
  /// - Parameters:
  ///   - email: The email as typed (trimmed and lower-cased before sending).
  ///   - password: The password as typed; never stored or logged.
  /// - Returns: `.signedIn(session)` or `.codeRequired(challenge)`.
  /// - Throws: `LoginError`, see its mapping table.
  public func signIn(email: String, password: String) async throws(LoginError) -> SignInOutcome {
    throw .serverTrouble("not implemented yet")
  }

  /// Completes a driver's sign-in with the one-time code.
  /// - Parameters:
  ///   - code: The code the person received.
  ///   - challenge: The challenge from `signIn(email:password:)`.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.invalidCode(attemptsLeft:)`, `.challengeExpired`, `.tooManyAttempts`, …
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(LoginError)
    -> UserSession
  {
    throw .serverTrouble("not implemented yet")
  }

  /// Creates an account and signs it in.
  /// - Parameter credentials: The sign-up form; checked with `CredentialRules` first.
  /// - Returns: The new session, already stored and published.
  /// - Throws: `.emailTaken`, `.invalidEmail`, `.weakPassword`, `.invalidName`, …
  public func signUp(_ credentials: SignUpCredentials) async throws(LoginError) -> UserSession {
    throw .serverTrouble("not implemented yet")
  }

  /// Signs out: revokes the session on the server, then clears it on this device. The
  /// device is signed out whatever the server says.
  /// - Returns: `.signedOut`, or `.signedOutLocally` when the server could not be reached.
  public func signOut() async -> SignOutOutcome {
    .signedOutLocally
  }

  /// The launch check: reads the stored session, rejects an expired one locally, and
  /// validates it with the server (renewing the access token if needed).
  /// - Returns: What was found; see `RestoreOutcome`.
  public func restoreSession() async -> RestoreOutcome {
    .notSignedIn
  }

  /// Changes the signed-in user's display name.
  /// - Parameter name: The new name, or `nil` to clear it.
  /// - Returns: The updated user (also stored in the session and the account row).
  /// - Throws: `.invalidName`, `.notSignedIn`, `.offline`, …
  public func updateName(_ name: String?) async throws(LoginError) -> User {
    throw .notSignedIn
  }
}

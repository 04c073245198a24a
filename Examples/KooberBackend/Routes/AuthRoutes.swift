import Foundation
import KooberWire
import LoopbackServer
import UserModel

/// `/v1/auth/…`: sign-up, sign-in, the drivers' one-time code, refresh, session, sign-out.
///
/// Every response that carries a Session (sign-up, sign-in, `otp/verify`, refresh) or a
/// driver's challenge is `Cache-Control: no-store` (`BackendRouter.uncachedJSON`).
enum AuthRoutes {
  /// Adds the routes.
  /// - Parameter router: the backend's router.
  static func register(on router: BackendRouter) {
    router.add(.post, "/v1/auth/sign-up", signUp)
    router.add(.post, "/v1/auth/sign-in", signIn)
    router.add(.post, "/v1/auth/otp/verify", verifyCode)
    router.add(.post, "/v1/auth/refresh", refresh)
    router.add(.get, "/v1/auth/session", session)
    router.add(.post, "/v1/auth/sign-out", signOut)
    router.add(.post, "/v1/auth/revoke", revoke)
  }

  /// `201` Session; `422` invalid_email / weak_password / invalid_name / invalid_type, checked
  /// in that order and before `409 email_taken`; `503 server_busy` when the hashing queue is
  /// full.
  static func signUp(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let email = try body.string("email")
    let password = try body.string("password")
    let name = try body.optionalString("name")
    let typeName = try body.string("type")
    let valid: SignUpCredentials
    do {
      // The type is checked after the rules; a placeholder keeps the rules' order intact.
      valid = try CredentialRules.koober.validated(
        SignUpCredentials(
          identifier: email, password: password, name: name, type: .passenger))
    } catch {
      throw APIError(status: 422, code: error.code, message: error.message)
    }
    // Koober's server knows its two types; the open set is for other apps' servers.
    guard let type = UserType(rawValue: typeName), UserType.kooberTypes.contains(type) else {
      throw APIError(
        status: 422, code: "invalid_type", message: "The type must be passenger or driver.")
    }
    let credentials = SignUpCredentials(
      identifier: valid.identifier, password: valid.password, name: valid.name, type: type)
    let hash = try await context.store.hashNewPassword(password)
    let session = try context.store.createAccount(credentials, password: hash)
    return try BackendRouter.uncachedJSON(status: 201, session)
  }

  /// `200` Session for passengers, `202` challenge for drivers, `401 invalid_credentials`,
  /// `423 account_locked`, `503 server_busy`.
  ///
  /// The attempt runs under the lockout (`BackendStore+Lockout`): at most the threshold of
  /// attempts per email are evaluated at once, so concurrent guesses gain nothing. A wrong
  /// password counts as a failure; a passenger's right password resets the count, a driver's
  /// does not (the sign-in completes with the code); a `503` counts as nothing. An unknown
  /// email costs a decoy PBKDF2 of a real account's cost, so timing does not tell which
  /// emails exist (`BackendStore+Passwords`).
  static func signIn(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let email = CredentialRules.normalizedEmail(try body.string("email"))
    let password = try body.string("password")
    let store = context.store
    let account = try await store.attempt(email: email) {
      () async throws(APIError) -> (BackendStore.Account?, BackendStore.AttemptOutcome) in
      let account = try store.account(email: email)
      guard try await store.checkPassword(password, for: account), let account else {
        return (nil, .failed)
      }
      return (account, account.user.type == .passenger ? .completed : .uncounted)
    }
    guard let account else { throw .invalidCredentials }
    guard account.user.type == .driver else {
      return try BackendRouter.uncachedJSON(status: 200, try store.signIn(account.user))
    }
    let challenge = try store.openChallenge(for: account.user)
    return try BackendRouter.uncachedJSON(status: 202, ChallengeBody(challenge: challenge))
  }

  /// `200` Session; `401 invalid_code`, `410 challenge_expired`, `423 account_locked`,
  /// `429 too_many_attempts`. A wrong code counts as a failed sign-in of the driver's email,
  /// a right one resets the count.
  static func verifyCode(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let challengeID = try body.string("challengeId")
    let code = try body.string("code")
    return try BackendRouter.uncachedJSON(
      try await context.store.verifyCode(code, challengeID: challengeID))
  }

  /// `200` Session of the same family; `401 invalid_refresh_token`, `401 refresh_token_reused`.
  static func refresh(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let token = try context.body().string("refreshToken")
    return try BackendRouter.uncachedJSON(try context.store.refresh(token))
  }

  /// `200 {"user", "expiresAt"}`; `401 invalid_token` / `token_expired`.
  static func session(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    return try BackendRouter.json(
      SessionInfo(user: KooberWire.User(caller.user), expiresAt: caller.expiresAt))
  }

  /// `204`; the caller's whole token family stops working.
  static func signOut(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    try context.store.revokeFamily(caller.familyID)
    return .noContent
  }

  /// `204` whatever the token: a live or spent refresh token's whole family stops working
  /// (RFC 7009's shape: the answer tells nothing about the token). No Authorization needed.
  static func revoke(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let token = try context.body().string("refreshToken")
    try context.store.revokeFamily(ofRefreshToken: token)
    return .noContent
  }

  private struct ChallengeBody: Encodable {
    struct Challenge: Encodable {
      var id: String
      var expiresAt: Date
      var channel = "sms"
    }
    var challenge: Challenge

    init(challenge: BackendStore.Challenge) {
      self.challenge = Challenge(id: challenge.id, expiresAt: challenge.expiresAt)
    }
  }

  private struct SessionInfo: Encodable {
    var user: KooberWire.User
    var expiresAt: Date
  }
}

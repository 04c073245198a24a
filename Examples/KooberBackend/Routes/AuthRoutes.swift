import Foundation
import LoopbackServer
import UserModel

/// `/v1/auth/…`: sign-up, sign-in, the drivers' one-time code, refresh, session, sign-out.
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
  }

  /// `201` Session; `422` invalid_email / weak_password / invalid_name / invalid_type, checked
  /// in that order and before `409 email_taken`.
  static func signUp(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let email = try body.string("email")
    let password = try body.string("password")
    let name = try body.optionalString("name")
    let typeName = try body.string("type")
    let valid: SignUpCredentials
    do {
      // The type is checked after the rules; a placeholder keeps the rules' order intact.
      valid = try CredentialRules.validated(
        SignUpCredentials(email: email, password: password, name: name, type: .passenger))
    } catch {
      throw APIError(status: 422, code: error.code, message: error.message)
    }
    guard let type = UserType(rawValue: typeName) else {
      throw APIError(
        status: 422, code: "invalid_type", message: "The type must be passenger or driver.")
    }
    let credentials = SignUpCredentials(
      email: valid.email, password: valid.password, name: valid.name, type: type)
    let hasher = context.store.hasher
    let hash = try await Offload.run { () throws(APIError) in try hasher.hash(password) }
    let session = try context.store.createAccount(credentials, password: hash)
    return try BackendRouter.json(status: 201, session)
  }

  /// `200` Session for passengers, `202` challenge for drivers, `401 invalid_credentials`,
  /// `423 account_locked`.
  static func signIn(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let email = CredentialRules.normalizedEmail(try body.string("email"))
    let password = try body.string("password")
    let store = context.store
    if let retryAfter = try store.lockoutRemaining(email: email) {
      throw APIError(
        status: 423, code: "account_locked",
        message: "Too many failed sign-ins. Try again in \(retryAfter) seconds.",
        extra: ["retryAfter": retryAfter], headers: ["Retry-After": String(retryAfter)])
    }
    let account = try store.account(email: email)
    // An unknown email costs a full PBKDF2 too, so timing does not tell which emails exist.
    let stored = account?.password ?? store.decoyPasswordHash
    let hasher = store.hasher
    let matches = try await Offload.run { () throws(APIError) in
      try hasher.verify(password, against: stored)
    }
    guard let account, matches else {
      try store.recordFailedSignIn(email: email)
      throw APIError(
        status: 401, code: "invalid_credentials", message: "The email or password is wrong.")
    }
    try store.clearFailedSignIns(email: email)
    switch account.user.type {
    case .passenger:
      return try BackendRouter.json(status: 200, try store.signIn(account.user))
    case .driver:
      let challenge = try store.openChallenge(for: account.user)
      return try BackendRouter.json(status: 202, ChallengeBody(challenge: challenge))
    }
  }

  /// `200` Session; `401 invalid_code`, `410 challenge_expired`, `429 too_many_attempts`.
  static func verifyCode(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let body = try context.body()
    let challengeID = try body.string("challengeId")
    let code = try body.string("code")
    return try BackendRouter.json(
      try context.store.verifyCode(code, challengeID: challengeID))
  }

  /// `200` Session of the same family; `401 invalid_refresh_token`, `401 refresh_token_reused`.
  static func refresh(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let token = try context.body().string("refreshToken")
    return try BackendRouter.json(try context.store.refresh(token))
  }

  /// `200 {"user", "expiresAt"}`; `401 invalid_token` / `token_expired`.
  static func session(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    return try BackendRouter.json(SessionInfo(user: caller.user, expiresAt: caller.expiresAt))
  }

  /// `204`; the caller's whole token family stops working.
  static func signOut(_ context: RequestContext) async throws(APIError) -> HTTPResponse {
    let caller = try context.authenticate()
    try context.store.revokeFamily(caller.familyID)
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
    var user: User
    var expiresAt: Date
  }
}

// README example begins: Bring your own backend
import Foundation
import LoginCore
import NetworkClient
import UserModel

/// Acme's account server speaks its own words: `POST /api/sessions` with `login` and
/// `secret`, tokens as `access` / `refresh` / `ttl`, a `member` with a `role`, `419` for an
/// access token that has lapsed, and `{"problem": "…"}` for every refusal.
public struct AcmeAuthAPI: AuthRemoteAPI, NetworkClientBacked {
  let client: NetworkClient
  /// The same client: Acme's server is also the app's API, so `ServiceUser` takes it here.
  public var network: NetworkClient { client }

  public init(client: NetworkClient) {
    self.client = client
  }

  public func signIn(_ credentials: SignInCredentials) async throws(AuthFailure)
    -> SignInOutcome
  {
    let body = ["login": credentials.identifier, "secret": credentials.password]
    let answer: Tokens = try await send(.post, "/api/sessions", body)
    guard let member = answer.member else { throw .unavailable(.serverTrouble("no member")) }
    return .signedIn(answer.session(for: member.user))
  }

  public func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    guard let refresh = session.refreshToken else { throw .refused(.sessionEnded) }
    let body = ["refresh": refresh]
    let answer: Tokens = try await send(.post, "/api/sessions/renew", body)
    return answer.session(for: session.user)
  }

  public func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    let member: Member = try await send(.get, "/api/me", nil, token: accessToken)
    return member.user
  }

  /// Acme revokes a session only by a live access token: after a `419` here, ServiceUser
  /// renews the session once and calls this again, so the refresh token never outlives the
  /// sign-out. A server that can revoke a refresh token by itself implements
  /// `revoke(refreshToken:)` too, and ServiceUser uses that instead, spending nothing.
  public func signOut(_ session: UserSession) async throws(AuthFailure) {
    let _: Empty = try await send(.delete, "/api/sessions", nil, token: session.accessToken)
  }

  /// Acme answers 419 to a lapsed token, and `{"problem": "revoked"}` to a dead session.
  public func failure(ofAuthorizedStatus status: Int, headers: [String: String], body: Data)
    -> AuthFailure
  {
    Self.failure(status: status, body: body)
  }

  // MARK: - Acme's wire format

  struct Member: Decodable {
    let uid: String
    let login: String
    let displayName: String?
    let role: String

    var user: User {
      User(id: uid, identifier: login, name: displayName, type: UserType(role))
    }
  }

  struct Tokens: Decodable {
    let access: String
    let refresh: String
    let ttl: Double
    let member: Member?

    func session(for user: User) -> UserSession {
      UserSession(
        user: user, accessToken: access, accessTokenExpiresAt: Date().addingTimeInterval(ttl),
        refreshToken: refresh)
    }
  }

  struct Empty: Decodable {}

  static func failure(status: Int, body: Data) -> AuthFailure {
    struct Problem: Decodable { let problem: String; let wait: Int? }
    let problem = try? JSONDecoder().decode(Problem.self, from: body)
    switch (status, problem?.problem) {
    case (419, _): return .refused(.accessTokenRejected)
    case (_, "bad_login"): return .refused(.invalidCredentials(.username))
    case (_, "locked"): return .refused(.locked(retryAfterSeconds: problem?.wait ?? 60))
    case (_, "stale"), (_, "revoked"): return .refused(.sessionEnded)
    default: return .unavailable(.serverTrouble("Acme answered HTTP \(status)."))
    }
  }

  func send<Answer: Decodable>(
    _ method: HTTPMethod, _ path: String, _ body: [String: String]?, token: String? = nil
  ) async throws(AuthFailure) -> Answer {
    var endpoint = Endpoint(method, path)
    endpoint.body = try? body.map { try JSONEncoder().encode($0) }
    endpoint.headers["Content-Type"] = "application/json"
    if let token { endpoint.headers["Authorization"] = "Bearer \(token)" }
    let answer: NetworkResponse
    do {
      answer = try await client.anyResponse(for: endpoint)
    } catch {
      // The one table every adapter shares: cancelled stays cancelled, never "offline".
      throw AuthFailure(error.kind)
    }
    guard (200..<300).contains(answer.status) else {
      throw Self.failure(status: answer.status, body: answer.data)
    }
    let data = answer.data.isEmpty ? Data("{}".utf8) : answer.data
    guard let value = try? JSONDecoder().decode(Answer.self, from: data) else {
      throw .unavailable(.serverTrouble("Acme's answer could not be read."))
    }
    return value
  }
}
// README example ends

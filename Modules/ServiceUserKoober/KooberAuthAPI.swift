import Foundation
import KooberWire
import LoginCore
import NetworkClient
import UserModel

/// Koober's HTTP contract (<doc:/documentation/KooberWire/HTTPContract>) behind `AuthRemoteAPI`:
/// `/v1/auth/...` paths, Koober's JSON, its error bodies. What `koober` uses by default, and
/// a model for an adapter of an app's own server.
///
/// ```swift
/// let client = NetworkClient(baseURL: URL(string: "https://api.koober.example")!)
/// let service = ServiceUser(
///   remote: KooberAuthAPI(network: client),   // service.network: the same client, authorized
///   accountDatabaseURL: support.appendingPathComponent("accounts.sqlite"),
///   sessionStore: FileSessionStore(directory: support.appendingPathComponent("Session")))
/// ```
///
/// How Koober's answers become `AuthFailure`s is in `KooberAuthAPI+Failure.swift`; every
/// answer keeps the meaning it had before the seam existed.
public struct KooberAuthAPI: AuthRemoteAPI, NetworkClientBacked {
  /// The client for the API: its base URL, transport, retries and time limits. Its
  /// authorization provider is never used: authorized calls carry the token they are given.
  public let network: NetworkClient

  /// The clock a sign-out reads to tell a live access token from an expired one.
  public let now: @Sendable () -> Date

  /// The server's identity, recorded in the sessions it issues.
  public let sessionIssuer: String?

  /// Makes the adapter.
  /// - Parameters:
  ///   - network: The client for the API; its authorization and unauthorized hook, if any,
  ///     are left out of the copy the adapter uses.
  ///   - now: The clock for a sign-out's choice of route; the system's by default.
  ///   - sessionIssuer: The server's identity, by default its base URL normalised
  ///     (`identity(ofServer:)`), so sessions of two Koober servers sharing a store keep
  ///     apart. Give a stable name of your own when the base URL changes from run to run
  ///     for the same server (a backend on an ephemeral loopback port).
  public init(
    network: NetworkClient, now: @escaping @Sendable () -> Date = Date.init,
    sessionIssuer: String? = nil
  ) {
    self.network = network.with(authorization: nil, onUnauthorized: nil)
    self.now = now
    self.sessionIssuer = sessionIssuer ?? Self.identity(ofServer: network.baseURL)
  }

  /// A Koober server's identity: its base URL with scheme and host lower-cased, the default
  /// port dropped and no trailing slash (`HTTPS://API.example.com:443/v1/` is
  /// `https://api.example.com/v1`).
  /// - Parameter server: The base URL.
  /// - Returns: The identity.
  public static func identity(ofServer server: URL) -> String {
    let scheme = server.scheme?.lowercased() ?? "https"
    let host = server.host?.lowercased() ?? "server"
    let defaultPort = scheme == "http" ? 80 : 443
    let port = server.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
    var path = server.path
    while path.hasSuffix("/") { path.removeLast() }
    return "\(scheme)://\(host)\(port)\(path)"
  }

  /// `POST /v1/auth/sign-in`: a passenger's session, or a driver's challenge.
  /// - Parameter credentials: The identifier (Koober's email) and password.
  /// - Returns: The session or the challenge.
  /// - Throws: The answer's `AuthFailure`.
  public func signIn(_ credentials: SignInCredentials) async throws(AuthFailure)
    -> SignInOutcome
  {
    switch try await send(SignInRequest(configuration: credentials)) {
    case .session(let session): .signedIn(session)
    case .challenge(let challenge): .codeRequired(challenge)
    }
  }

  /// `POST /v1/auth/otp/verify`.
  /// - Parameters:
  ///   - code: The code.
  ///   - challenge: The sign-in's challenge.
  /// - Returns: The driver's session.
  /// - Throws: The answer's `AuthFailure`.
  public func verifyCode(_ code: String, for challenge: Challenge) async throws(AuthFailure)
    -> UserSession
  {
    try await send(
      SessionRequest(configuration: .verifyCode(challengeID: challenge.id, code: code)))
  }

  /// `POST /v1/auth/sign-up`.
  /// - Parameter form: The checked form.
  /// - Returns: The new account's session.
  /// - Throws: The answer's `AuthFailure`.
  public func signUp(_ form: SignUpCredentials) async throws(AuthFailure) -> UserSession {
    try await send(SessionRequest(configuration: .signUp(form)))
  }

  /// `POST /v1/auth/refresh`, spending the refresh token. A 401 with Koober's error body is
  /// the server's refusal (`.sessionEnded`); anything else, a bare 401 included, is not.
  /// - Parameter session: The session to renew.
  /// - Returns: The server's new Session.
  /// - Throws: `.refused(.sessionEnded)` or `.unavailable(_)`.
  public func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    // Koober always issues a refresh token; a session without one cannot be Koober's.
    guard let refreshToken = session.refreshToken else { throw .refused(.sessionEnded) }
    do {
      return try await SessionRequest(configuration: .refresh(refreshToken: refreshToken))
        .perform(on: network)
    } catch {
      if error.status == 401, error.serverError != nil { throw .refused(.sessionEnded) }
      throw Self.failure(error, authorized: true).keepingSession
    }
  }

  /// `GET /v1/auth/session`.
  /// - Parameter accessToken: The access token.
  /// - Returns: The server's copy of the user.
  /// - Throws: The answer's `AuthFailure`.
  public func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    try await send(SessionCheckRequest(configuration: accessToken), authorized: true)
  }

  /// `PATCH /v1/users/me`.
  /// - Parameters:
  ///   - name: The new name, or `nil` to clear it.
  ///   - accessToken: The access token.
  /// - Returns: The updated user.
  /// - Throws: The answer's `AuthFailure`.
  public func updateName(_ name: String?, accessToken: String) async throws(AuthFailure) -> User
  {
    try await send(
      UpdateNameRequest(configuration: (name: name, token: accessToken)), authorized: true)
  }

  /// Revokes the session's whole token family, never spending its refresh token:
  /// `POST /v1/auth/sign-out` with the access token, or, when that has expired on this
  /// device's clock, `revoke(refreshToken:)` at once.
  ///
  /// Any `401` to the sign-out (`token_expired`, `invalid_token`, whatever the body says) is
  /// followed by `revoke(refreshToken:)` when the session has a refresh token: a `401` says
  /// only that the server did not take the access token, and `POST /v1/auth/revoke` spends
  /// nothing, so the sign-out is confirmed only by its `204`.
  /// - Parameter session: The session.
  /// - Throws: `.unavailable(_)` when the sign-out or the revocation could not be sent or
  ///   answered; for a session without a refresh token, the sign-out's `AuthFailure`
  ///   (`401 token_expired` is `.refused(.accessTokenRejected)`, another 401
  ///   `.refused(.sessionEnded)`).
  public func signOut(_ session: UserSession) async throws(AuthFailure) {
    if session.isExpired(at: now()), let refreshToken = session.refreshToken {
      try await revoke(refreshToken: refreshToken)
      return
    }
    do {
      _ = try await SignOutRequest(configuration: .signOut(accessToken: session.accessToken))
        .perform(on: network)
    } catch {
      guard error.status == 401, let refreshToken = session.refreshToken else {
        throw Self.failure(error, authorized: true)
      }
      try await revoke(refreshToken: refreshToken)
    }
  }

  /// `POST /v1/auth/revoke` with `{"refreshToken"}` and no Authorization (RFC 7009's shape):
  /// the token's whole family stops working, and the token is not spent.
  /// - Parameter refreshToken: The session's refresh token.
  /// - Throws: `.unavailable(_)` when the server could not be asked; it answers `204` to
  ///   every token, so nothing else.
  public func revoke(refreshToken: String) async throws(AuthFailure) {
    _ = try await send(SignOutRequest(configuration: .revoke(refreshToken: refreshToken)))
  }

  /// How Koober's HTTP contract (<doc:/documentation/KooberWire/HTTPContract>) reads a failed
  /// authorized answer: `401 token_expired` rejects the token, any other 401 with Koober's
  /// error body ends the session, the rest leaves it.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - headers: The headers (not read: Koober's server speaks in the body).
  ///   - body: The body.
  /// - Returns: The failure.
  public func failure(ofAuthorizedStatus status: Int, headers: [String: String], body: Data)
    -> AuthFailure
  {
    Self.failure(.http(status: status, body: body), authorized: true)
  }

  /// Sends a request through the client, mapping its failure.
  private func send<R: DefaultRequest>(
    _ request: R, authorized: Bool = false
  ) async throws(AuthFailure) -> R.ResultData {
    do {
      return try await request.perform(on: network)
    } catch {
      throw Self.failure(error, authorized: authorized)
    }
  }
}

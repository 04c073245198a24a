/// Hands out access tokens for requests that need an account (`Authorization: Bearer …`).
/// ServiceUser implements it over the stored session.
///
/// The client calls `accessToken()` before each authorized request and, when the answer
/// rejects the credentials (`NetworkClient.rejectsCredentials`: any `401` by default),
/// `renewAccessToken(after:)` once before retrying the request with the new token. Many
/// requests may fail together with the same expired token; passing the refused token lets
/// the provider coalesce them into one refresh (a refresh token is often spent by one use,
/// and a second use may revoke the session):
///
/// ```swift
/// actor Tokens: AuthorizationProvider {
///   var session: UserSession
///   var renewal: Task<String, any Error>?
///
///   func accessToken() async throws -> String { session.accessToken }
///
///   func renewAccessToken(after rejectedToken: String) async throws -> String {
///     if session.accessToken != rejectedToken { return session.accessToken }  // renewed
///     if let renewal { return try await renewal.value }
///     let task = Task { try await refresh() }
///     renewal = task
///     defer { renewal = nil }
///     return try await task.value
///   }
/// }
/// ```
public protocol AuthorizationProvider: Sendable {
  /// A valid access token, renewed first when it expires within a minute.
  /// - Returns: the token to send as `Bearer`.
  /// - Throws: a `NetworkError` (passed on to the caller as it is) or any other error (the
  ///   caller gets `NetworkError.authorizationUnavailable`).
  func accessToken() async throws -> String

  /// A new access token after the server rejected `rejectedToken`. When the
  /// current token already differs from `rejectedToken`, another request renewed it: return
  /// the current one without refreshing again.
  /// - Parameter rejectedToken: the token the server's answer rejected.
  /// - Returns: the token to retry with.
  /// - Throws: any error when the session cannot be renewed; the client then calls its
  ///   unauthorized hook (unless the renewal only failed to reach the server).
  func renewAccessToken(after rejectedToken: String) async throws -> String
}

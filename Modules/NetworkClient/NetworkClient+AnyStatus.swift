import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension NetworkClient {
  /// Sends `endpoint` and hands back the server's answer whatever its status, for code that
  /// reads a server's own error bodies: an `AuthRemoteAPI` adapter reading OAuth's
  /// `{"error": "invalid_grant"}` or an app's `{"problem": …}`.
  ///
  /// No bearer token is added and nothing is renewed (adapters pass the token they are
  /// given). Failures without an answer are retried as the retry policy allows them; an
  /// answer, any status, is returned at once.
  ///
  /// ```swift
  /// let answer = try await client.anyResponse(for: Endpoint(.post, "/oauth/token"))
  /// if answer.status == 400 { /* read answer.data */ }
  /// ```
  /// - Parameter endpoint: The call; its `requiresAuthorization` is ignored.
  /// - Returns: The answer, any status.
  /// - Throws: `NetworkError` when there is no answer: `.transport`, `.timeout`,
  ///   `.cancelled`, or a URL the client refuses.
  public func anyResponse(for endpoint: Endpoint) async throws(NetworkError) -> NetworkResponse {
    // The same pipeline without a token, and no status retried: every answer is the answer.
    var exchange = try exchange(for: endpoint)
    exchange.requiresAuthorization = false
    exchange.retryPolicy.statuses = []
    return try await pipeline.send(exchange)
  }
}

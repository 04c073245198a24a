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
    let policy = endpoint.retryPolicy ?? retryPolicy
    let timeout = endpoint.timeout ?? self.timeout
    let request = try urlRequest(for: endpoint, timeout: timeout)
    var retries = 0
    while true {
      if Task.isCancelled { throw .cancelled }
      switch await attempt(
        request, timeout: timeout, limits: endpoint.limits ?? limits,
        hidesBody: endpoint.carriesCredentials)
      {
      case .success((let data, let response)):
        return NetworkResponse(data: data, response: response)
      case .failure(let failure):
        try await waitBeforeRetry(
          after: failure, retries: retries, policy: policy, method: endpoint.method,
          requestedWait: nil)
      }
      retries += 1
    }
  }
}

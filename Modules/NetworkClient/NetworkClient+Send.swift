import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension NetworkClient {
  /// Sends `endpoint` through the pipeline and returns its 2xx answer: adds the bearer token
  /// when the endpoint needs one (renewing it once when `rejectsCredentials` says the answer
  /// rejected it), retries as the retry policy allows, and turns every failure into a
  /// `NetworkError`.
  /// - Parameter endpoint: the call.
  /// - Returns: the 2xx answer.
  /// - Throws: `NetworkError`; `.http` for non-2xx answers after the last retry.
  public func response(for endpoint: Endpoint) async throws(NetworkError) -> NetworkResponse {
    let answer = try await pipeline.send(try exchange(for: endpoint))
    guard (200..<300).contains(answer.status) else {
      throw Self.httpError(status: answer.status, body: answer.data)
    }
    return answer
  }

  /// The exchange the pipeline sends for `endpoint`, with the client's settings where the
  /// endpoint names none.
  func exchange(for endpoint: Endpoint) throws(NetworkError) -> NetworkExchange {
    let timeout = endpoint.timeout ?? self.timeout
    return NetworkExchange(
      request: try urlRequest(for: endpoint, timeout: timeout), timeout: timeout,
      limits: endpoint.limits ?? limits, retryPolicy: endpoint.retryPolicy ?? retryPolicy,
      requiresAuthorization: endpoint.requiresAuthorization,
      carriesCredentials: endpoint.carriesCredentials)
  }

  /// The error for a non-2xx answer: its status and the first `bodyLimit` bytes of its body.
  static func httpError(status: Int, body: Data) -> NetworkError {
    .http(status: status, body: body.count > NetworkError.bodyLimit
      ? Data(body.prefix(NetworkError.bodyLimit)) : body)
  }
}

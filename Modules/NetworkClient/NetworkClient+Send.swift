import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension NetworkClient {
  /// Sends `endpoint` and returns its 2xx answer: adds the bearer token when the endpoint
  /// needs one (renewing it once when `rejectsCredentials` says the answer rejected it),
  /// retries as the retry policy allows, and turns every failure into a `NetworkError`.
  /// - Parameter endpoint: the call.
  /// - Returns: the 2xx answer.
  /// - Throws: `NetworkError`; `.http` for non-2xx answers after the last retry.
  public func response(for endpoint: Endpoint) async throws(NetworkError) -> NetworkResponse {
    let policy = endpoint.retryPolicy ?? retryPolicy
    let timeout = endpoint.timeout ?? self.timeout
    let limits = endpoint.limits ?? self.limits
    var request = try urlRequest(for: endpoint, timeout: timeout)
    var token: String?
    if endpoint.requiresAuthorization {
      let current = try await currentAccessToken()
      token = current
      request.setValue("Bearer \(current)", forHTTPHeaderField: "Authorization")
    }
    var retries = 0
    var renewed = false
    while true {
      if Task.isCancelled { throw .cancelled }
      let failure: NetworkError
      var requestedWait: Duration?
      switch await attempt(
        request, timeout: timeout, limits: limits, hidesBody: endpoint.carriesCredentials)
      {
      case .success((let data, let response)) where (200..<300).contains(response.statusCode):
        return NetworkResponse(data: data, response: response)
      case .success((let data, let response)):
        failure = Self.httpError(status: response.statusCode, body: data)
        if endpoint.requiresAuthorization {
          if await rejectsCredentials(NetworkResponse(data: data, response: response)) {
            // Renewed once; rejected again, the credentials are no good.
            guard !renewed, let refused = token else {
              await onUnauthorized?(failure)
              throw failure
            }
            renewed = true
            let renewedToken = try await renewAccessToken(after: refused, refusal: failure)
            token = renewedToken
            request.setValue("Bearer \(renewedToken)", forHTTPHeaderField: "Authorization")
            continue
          }
          // A 401 that did not reject the credentials is not retried either.
          if response.statusCode == 401 { throw failure }
        }
        requestedWait = Self.retryAfter(response)
      case .failure(let error):
        failure = error
      }
      try await waitBeforeRetry(
        after: failure, retries: retries, policy: policy, method: endpoint.method,
        requestedWait: requestedWait)
      retries += 1
    }
  }

  /// Sleeps before the next attempt when `policy` allows one more after `failure`; throws
  /// `failure` when it does not, or when the server asks for a longer wait than the cap (it
  /// gets its answer to the caller now), and `.cancelled` when the wait is cancelled.
  /// - Parameters:
  ///   - failure: Why the attempt failed.
  ///   - retries: How many retries were made already.
  ///   - policy: The retry policy.
  ///   - method: The request's method.
  ///   - requestedWait: The server's `Retry-After`, if any.
  func waitBeforeRetry(
    after failure: NetworkError, retries: Int, policy: RetryPolicy, method: HTTPMethod,
    requestedWait: Duration?
  ) async throws(NetworkError) {
    guard retries < policy.maxRetries, policy.allowsRetry(of: failure, method: method)
    else { throw failure }
    let wait = requestedWait ?? policy.delay(beforeRetry: retries)
    guard wait <= policy.maxDelay else { throw failure }
    do {
      try await clock.sleep(for: wait)
    } catch {
      throw .cancelled
    }
  }

  func attempt(
    _ request: URLRequest, timeout: Duration?, limits: TransferLimits, hidesBody: Bool = false
  ) async -> Result<(Data, HTTPURLResponse), NetworkError> {
    let outcome: Result<(Data, HTTPURLResponse), NetworkError>
    do {
      outcome = .success(try await transport.send(request, timeout: timeout, limits: limits))
    } catch {
      outcome = .failure(error)
    }
    if logger != nil {
      switch outcome {
      case .success((let data, let response)):
        log(request, hidesBody: hidesBody, outcome: "\(response.statusCode), \(data.count) bytes")
      case .failure(let error):
        log(request, hidesBody: hidesBody, outcome: error.code)
      }
    }
    return outcome
  }

  private func currentAccessToken() async throws(NetworkError) -> String {
    guard let authorization else {
      throw .authorizationUnavailable(reason: "the client has no authorization provider")
    }
    do {
      return try await authorization.accessToken()
    } catch {
      throw Self.providerError(error)
    }
  }

  /// Asks the provider for a new token after `refusal` (an answer that rejected it). A renewal
  /// that failed without a verdict (no connection, a timeout, cancellation, server trouble:
  /// any `NetworkError` but a 401 or `.authorizationUnavailable`) is passed on as it is: the
  /// session is not over. Any other failure means the session cannot be renewed: the hook
  /// hears the refusal, and so does the caller.
  private func renewAccessToken(after refused: String, refusal: NetworkError)
    async throws(NetworkError) -> String
  {
    guard let authorization else { throw refusal }
    do {
      return try await authorization.renewAccessToken(after: refused)
    } catch {
      let failure = Self.providerError(error)
      switch failure {
      case .authorizationUnavailable, .http(401, _):
        await onUnauthorized?(refusal)
        throw refusal
      default:
        throw failure
      }
    }
  }

  private static func providerError(_ error: any Error) -> NetworkError {
    if let error = error as? NetworkError { return error }
    if error is CancellationError { return .cancelled }
    let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    return .authorizationUnavailable(reason: reason)
  }

  /// The error for a non-2xx answer: its status and the first `bodyLimit` bytes of its body.
  static func httpError(status: Int, body: Data) -> NetworkError {
    .http(status: status, body: body.count > NetworkError.bodyLimit
      ? Data(body.prefix(NetworkError.bodyLimit)) : body)
  }

  /// The wait a `Retry-After` header asks for: delay-seconds or an HTTP date.
  static func retryAfter(_ response: HTTPURLResponse) -> Duration? {
    guard
      let value = response.value(forHTTPHeaderField: "Retry-After")?
        .trimmingCharacters(in: .whitespaces), !value.isEmpty
    else { return nil }
    if let seconds = Int(value) { return .seconds(max(0, seconds)) }
    guard let date = httpDate(value) else { return nil }
    return .seconds(max(0, date.timeIntervalSinceNow.rounded(.up)))
  }

  private static func httpDate(_ text: String) -> Date? {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter.date(from: text)
  }
}

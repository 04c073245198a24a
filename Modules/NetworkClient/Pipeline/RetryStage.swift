import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends an exchange again as its retry policy allows: after a failure without an answer
/// (connection-level) or an answer whose status the policy names, for the methods it names,
/// waiting the backoff or the server's `Retry-After` (never longer than `maxDelay`: a server
/// that asks for more gets its answer to the caller at once). Below the authorization stage,
/// so a retry carries the same token; a `401` to a request carrying a token is the
/// authorization stage's to judge, never retried here.
struct RetryStage: NetworkStage {
  let clock: any Clock<Duration>

  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
  {
    var attempt = exchange
    while true {
      if Task.isCancelled { throw .cancelled }
      let failure: NetworkError
      var requestedWait: Duration?
      var answer: NetworkResponse?
      do {
        let response = try await next(attempt)
        let status = response.status
        if (200..<300).contains(status) || (exchange.requiresAuthorization && status == 401) {
          return response
        }
        // Only the status decides; the body is the caller's, not copied for a check.
        failure = .http(status: status, body: Data())
        requestedWait = Self.retryAfter(response.response)
        answer = response
      } catch {
        failure = error
      }
      guard try await waitBeforeRetry(after: failure, of: attempt, requestedWait: requestedWait)
      else {
        if let answer { return answer }
        throw failure
      }
      attempt.attempt += 1
    }
  }

  /// Sleeps before the next attempt and returns `true` when the exchange's policy allows one
  /// more after `failure`; `false` when it does not, or when the server asks for a longer
  /// wait than the cap.
  /// - Throws: `.cancelled` when the wait is cancelled.
  private func waitBeforeRetry(
    after failure: NetworkError, of exchange: NetworkExchange, requestedWait: Duration?
  ) async throws(NetworkError) -> Bool {
    let policy = exchange.retryPolicy
    guard exchange.attempt < policy.maxRetries,
      policy.allowsRetry(of: failure, method: exchange.method)
    else { return false }
    let wait = requestedWait ?? policy.delay(beforeRetry: exchange.attempt)
    guard wait <= policy.maxDelay else { return false }
    do {
      try await clock.sleep(for: wait)
    } catch {
      throw .cancelled
    }
    return true
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

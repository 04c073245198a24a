import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One data task and the continuation waiting for it, shared between the session's
/// callbacks, the cancellation handler and the timeout timer; whichever comes first decides
/// the outcome, and the continuation is resumed exactly once.
final class Exchange: Sendable {
  typealias Outcome = Result<(Data, HTTPURLResponse), NetworkError>

  private struct State {
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<Outcome, Never>?
    var stopReason: NetworkError?
    var timeoutToken: UInt64?
    /// What the delegate has read so far (a transport's own session only).
    var body = Data()
    var response: URLResponse?
  }

  private let state = Locked(State())
  private let deadlines: DeadlineTimer
  private let limits: TransferLimits
  private let request: URLRequest

  init(deadlines: DeadlineTimer, limits: TransferLimits, request: URLRequest) {
    self.deadlines = deadlines
    self.limits = limits
    self.request = request
  }

  func start(
    on session: URLSession, reader: TransferReader?, timeout: Duration?,
    continuation: CheckedContinuation<Outcome, Never>
  ) {
    let task: URLSessionDataTask
    if let reader {
      task = session.dataTask(with: request)
      reader.register(self, for: task)
    } else {
      task = session.dataTask(with: request) { [self] data, response, error in
        finish(with: outcome(data: data, response: response, error: error))
      }
    }
    let alreadyStopped = state.withLock { state -> NetworkError? in
      if let reason = state.stopReason { return reason }
      state.task = task
      state.continuation = continuation
      return nil
    }
    if let alreadyStopped {
      task.cancel()
      continuation.resume(returning: .failure(alreadyStopped))
      return
    }
    task.resume()
    guard let timeout else { return }
    let token = deadlines.schedule(after: timeout) { [self] in cancel(reason: .timeout) }
    let finished = state.withLock { state -> Bool in
      guard state.continuation != nil else { return true }
      state.timeoutToken = token
      return false
    }
    if finished { deadlines.cancel(token) }
  }

  /// The response's head arrived: refuses at once a body announced larger than the limit.
  /// - Returns: whether the task may go on.
  func received(_ response: URLResponse) -> Bool {
    if response.expectedContentLength > Int64(limits.maximumBodySize) {
      cancel(reason: .responseTooLarge(limit: limits.maximumBodySize))
      return false
    }
    if let http = response as? HTTPURLResponse, Self.isUnaskedEncoding(http, for: request) {
      cancel(
        reason: .unexpectedResponse(
          "the server sent a compressed answer (Content-Encoding) that was not asked for"))
      return false
    }
    state.withLock { $0.response = response }
    return true
  }

  /// Whether an answer is content-encoded although the request accepted only `identity`.
  private static func isUnaskedEncoding(_ response: HTTPURLResponse, for request: URLRequest)
    -> Bool
  {
    guard request.value(forHTTPHeaderField: "Accept-Encoding") == "identity",
      let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?
        .trimmingCharacters(in: .whitespaces).lowercased(), !encoding.isEmpty
    else { return false }
    return encoding != "identity"
  }

  /// More of the body arrived: kept while within the limit, else the task is cancelled.
  func received(_ data: Data) {
    let overLimit = state.withLock { state -> Bool in
      guard state.stopReason == nil else { return false }
      if data.count > limits.maximumBodySize - state.body.count { return true }
      state.body.append(data)
      return false
    }
    if overLimit { cancel(reason: .responseTooLarge(limit: limits.maximumBodySize)) }
  }

  /// The request for a redirect, or `nil` to stop at the `3xx` (see `TransferLimits`).
  func redirect(to target: URLRequest) -> URLRequest? {
    limits.redirect(to: target, from: request)
  }

  /// The task ended (a transport's own session): the outcome of what was read.
  func completed(error: (any Error)?) {
    let (body, response) = state.withLock { ($0.body, $0.response) }
    finish(with: outcome(data: body, response: response, error: error))
  }

  /// Stops the exchange: the data task is cancelled and the caller gets `reason`.
  func cancel(reason: NetworkError) {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard state.stopReason == nil else { return nil }
      state.stopReason = reason
      state.body = Data()
      return state.task
    }
    task?.cancel()
    // The completion may never be reported for a task cancelled early, so answer now.
    finish(with: .failure(reason))
  }

  private func finish(with outcome: Outcome) {
    let (continuation, timeoutToken, stopReason) = state.withLock { state in
      defer {
        state.continuation = nil
        state.timeoutToken = nil
        state.task = nil
      }
      return (state.continuation, state.timeoutToken, state.stopReason)
    }
    if let timeoutToken { deadlines.cancel(timeoutToken) }
    // A stopped task may report its own cancellation first, even from inside `cancel()`:
    // the reason it was stopped for (a timeout, say) is the one the caller must see.
    continuation?.resume(returning: stopReason.map { .failure($0) } ?? outcome)
  }

  private func outcome(data: Data?, response: URLResponse?, error: (any Error)?) -> Outcome {
    if let error {
      let failure = NetworkError(transportError: error)
      #if canImport(FoundationNetworking)
        // swift-corelibs-foundation reports libcurl's CURLE_PARTIAL_FILE (a body cut short
        // by a closed connection) as an unknown error; only its text tells them apart.
        if failure == .transport(.other(code: URLError.Code.unknown.rawValue)),
          (error as NSError).localizedDescription.hasPrefix("transfer closed with")
        {
          return .failure(.transport(.connectionLost))
        }
      #endif
      return .failure(failure)
    }
    guard let response = response as? HTTPURLResponse else {
      return .failure(.unexpectedResponse("the answer was not an HTTP response"))
    }
    return .success((data ?? Data(), response))
  }
}

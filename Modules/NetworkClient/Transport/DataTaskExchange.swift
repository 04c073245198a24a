import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One data task and the continuation waiting for it, shared between the session's
/// callbacks, the cancellation handler and the timeout timer; whichever comes first decides
/// the outcome, and the continuation is resumed exactly once. The answer goes to the
/// receiver as the session delivers it (a caller's session: whole, at the end).
final class DataTaskExchange: Sendable {
  typealias Outcome = Result<HTTPURLResponse, NetworkError>

  private struct State {
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<Outcome, Never>?
    var stopReason: NetworkError?
    var timeoutToken: UInt64?
    /// The head the receiver took (a transport's own session only).
    var head: HTTPURLResponse?
  }

  private let state = Locked(State())
  private let deadlines: DeadlineTimer
  private let receiver: any ResponseReceiver
  private let request: URLRequest

  init(deadlines: DeadlineTimer, receiver: any ResponseReceiver, request: URLRequest) {
    self.deadlines = deadlines
    self.receiver = receiver
    self.request = request
  }

  func start(
    on session: URLSession, delegate: SessionDelegate?, timeout: Duration?,
    continuation: CheckedContinuation<Outcome, Never>
  ) {
    let task: URLSessionDataTask
    if let delegate {
      task = session.dataTask(with: request)
      delegate.register(self, for: task)
    } else {
      task = session.dataTask(with: request) { [self] data, response, error in
        finish(with: wholeAnswer(data: data, response: response, error: error))
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

  /// The response's head arrived: the receiver takes it or stops the task.
  /// - Returns: whether the task may go on.
  func received(_ response: URLResponse) -> Bool {
    guard let head = response as? HTTPURLResponse else {
      cancel(reason: .unexpectedResponse("the answer was not an HTTP response"))
      return false
    }
    do {
      try receiver.receive(head: head)
    } catch {
      cancel(reason: error)
      return false
    }
    state.withLock { $0.head = head }
    return true
  }

  /// More of the body arrived: the receiver takes it or stops the task.
  func received(_ data: Data) {
    guard !data.isEmpty, !state.withLock({ $0.stopReason != nil }) else { return }
    do {
      try receiver.receive(body: data)
    } catch {
      cancel(reason: error)
    }
  }

  /// The task ended (a transport's own session): the head the receiver took, or the error.
  func completed(error: (any Error)?) {
    if let error {
      finish(with: .failure(Self.failure(error)))
    } else if let head = state.withLock({ $0.head }) {
      finish(with: .success(head))
    } else {
      finish(with: .failure(.unexpectedResponse("the answer was not an HTTP response")))
    }
  }

  /// Stops the exchange: the data task is cancelled and the caller gets `reason`.
  func cancel(reason: NetworkError) {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard state.stopReason == nil else { return nil }
      state.stopReason = reason
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

  /// A caller's session read the whole answer: the receiver gets it now, in one piece.
  private func wholeAnswer(data: Data?, response: URLResponse?, error: (any Error)?) -> Outcome {
    if let error { return .failure(Self.failure(error)) }
    guard let head = response as? HTTPURLResponse else {
      return .failure(.unexpectedResponse("the answer was not an HTTP response"))
    }
    do {
      try receiver.receive(head: head)
      if let data, !data.isEmpty { try receiver.receive(body: data) }
    } catch {
      return .failure(error)
    }
    return .success(head)
  }

  private static func failure(_ error: any Error) -> NetworkError {
    let failure = NetworkError(transportError: error)
    #if canImport(FoundationNetworking)
      // swift-corelibs-foundation reports libcurl's CURLE_PARTIAL_FILE (a body cut short
      // by a closed connection) as an unknown error; only its text tells them apart.
      if failure == .transport(.other(code: URLError.Code.unknown.rawValue)),
        (error as NSError).localizedDescription.hasPrefix("transfer closed with")
      {
        return .transport(.connectionLost)
      }
    #endif
    return failure
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real transport: one `URLSession` data task per attempt.
///
/// It uses a data task with a completion handler rather than `URLSession.data(for:)`, because
/// cancelling the calling task must cancel the data task at once on every platform, and a
/// timeout must bound the whole exchange, not only the idle time between packets.
///
/// ```swift
/// let transport = URLSessionTransport()              // ephemeral, no cache, no cookies
/// let client = NetworkClient(baseURL: url, transport: transport)
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// The session every request goes through.
  public let session: URLSession
  private let ownsSession: Bool
  private let deadlines = DeadlineTimer()

  /// The most connections the default session opens to one host, enough for a batch of
  /// requests to run side by side.
  public static let defaultMaximumConnectionsPerHost = 16

  /// Makes a transport over a new session: ephemeral, no response cache and no cookies (the
  /// API authenticates with bearer tokens), `defaultMaximumConnectionsPerHost` connections.
  public convenience init() {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpMaximumConnectionsPerHost = Self.defaultMaximumConnectionsPerHost
    self.init(session: URLSession(configuration: configuration), owned: true)
  }

  /// Makes a transport over a session the caller keeps and invalidates.
  /// - Parameter session: the session to send requests through.
  public convenience init(session: URLSession) {
    self.init(session: session, owned: false)
  }

  private init(session: URLSession, owned: Bool) {
    self.session = session
    self.ownsSession = owned
  }

  deinit {
    if ownsSession { session.finishTasksAndInvalidate() }
  }

  /// The session's own (idle) timeout for a request limited to `timeout`. The exact limit
  /// is the exchange's timer; this is only a backstop, kept above it because
  /// swift-corelibs-foundation truncates it to whole seconds (0.2 s would fire at once).
  static func idleTimeout(for timeout: Duration) -> TimeInterval {
    timeout.seconds.rounded(.up) + 1
  }

  /// Sends `request` once through a data task.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
  ///     `timeoutInterval` only.
  /// - Returns: the body and the HTTP response.
  /// - Throws: `.cancelled`, `.timeout`, `.transport`, or `.unexpectedResponse` when the
  ///   answer is not HTTP.
  public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    var request = request
    if let timeout, request.timeoutInterval < Self.idleTimeout(for: timeout) {
      request.timeoutInterval = Self.idleTimeout(for: timeout)
    }
    let exchange = Exchange(deadlines: deadlines)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        exchange.start(request, on: session, timeout: timeout, continuation: continuation)
      }
    } onCancel: {
      exchange.cancel(reason: .cancelled)
    }
    return try outcome.get()
  }
}

/// One data task and the continuation waiting for it, shared between the completion
/// handler, the cancellation handler and the timeout timer; whichever comes first decides
/// the outcome, and the continuation is resumed exactly once.
private final class Exchange: Sendable {
  typealias Outcome = Result<(Data, HTTPURLResponse), NetworkError>

  private struct State {
    var task: URLSessionDataTask?
    var continuation: CheckedContinuation<Outcome, Never>?
    var stopReason: NetworkError?
    var timeoutToken: UInt64?
  }

  private let state = Locked(State())
  private let deadlines: DeadlineTimer

  init(deadlines: DeadlineTimer) {
    self.deadlines = deadlines
  }

  func start(
    _ request: URLRequest, on session: URLSession, timeout: Duration?,
    continuation: CheckedContinuation<Outcome, Never>
  ) {
    let task = session.dataTask(with: request) { [self] data, response, error in
      finish(with: outcome(data: data, response: response, error: error))
    }
    let alreadyStopped = state.withLock { state -> NetworkError? in
      if let reason = state.stopReason { return reason }
      state.task = task
      state.continuation = continuation
      return nil
    }
    if let alreadyStopped {
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

  /// Stops the exchange: the data task is cancelled and the caller gets `reason`.
  func cancel(reason: NetworkError) {
    let task = state.withLock { state -> URLSessionDataTask? in
      guard state.stopReason == nil else { return nil }
      state.stopReason = reason
      return state.task
    }
    task?.cancel()
    // The completion handler may never run for a task cancelled early, so answer now.
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

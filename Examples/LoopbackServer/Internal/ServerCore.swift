import Foundation

/// The running server's shared state: the listener, the open connections, the threads that
/// serve them and the handler tasks in flight. Kept apart from ``LoopbackServer`` so the
/// threads never keep the public object alive and its `deinit` can stop them.
final class ServerCore: Sendable {
  struct Counters: Sendable {
    var connections = 0
    var requests = 0
  }

  /// A handler running for one connection, and the box its connection thread waits on.
  private struct InFlightHandler: Sendable {
    let task: Task<Void, Never>
    let result: Locked<HTTPResponse?>

    /// Cancels the handler and releases the waiting connection thread at once: a stop must
    /// never wait for a handler task, which may need a thread of the cooperative pool that
    /// the caller of `stop()` is itself blocking.
    func abandon() {
      task.cancel()
      result.withLock { if $0 == nil { $0 = .dropConnection } }
    }
  }

  private struct State: Sendable {
    var stopping = false
    var connections: [Int: Int32] = [:]
    var handlers: [Int: InFlightHandler] = [:]
    var liveThreads = 0
    var counters = Counters()
  }

  let configuration: LoopbackServer.Configuration
  let router: Router
  /// The `Host` names answered (compared form); nil answers any `Host`, or none.
  let acceptedHosts: Set<String>?
  private let listener: Int32
  private let state = Locked(State(), kind: .waitable)

  init(
    listener: Int32, configuration: LoopbackServer.Configuration, acceptedHosts: Set<String>?
  ) {
    self.listener = listener
    self.configuration = configuration
    self.acceptedHosts = acceptedHosts
    self.router = Router(headUsesGetRoute: configuration.headUsesGetRoute)
  }

  var isStopping: Bool { state.withLock { $0.stopping } }
  var counters: Counters { state.withLock { $0.counters } }

  func startAccepting() {
    state.withLock { $0.liveThreads += 1 }
    let thread = Thread { [self] in
      acceptLoop()
      Socket.close(listener)
      state.withLock { $0.liveThreads -= 1 }
    }
    thread.name = "LoopbackServer.accept"
    thread.start()
  }

  /// Accepts until stopped. `poll` with a short timeout backs up the `shutdown` in `stop`,
  /// which does not wake a blocked `accept` on every platform.
  private func acceptLoop() {
    while !isStopping {
      switch Socket.wait(listener, for: .readable, until: Date(timeIntervalSinceNow: 0.2)) {
      case .timedOut: continue
      case .failed:
        Thread.sleep(forTimeInterval: 0.01)
        continue
      case .ready: break
      }
      guard let descriptor = Socket.accept(listener) else {
        // EMFILE and friends: back off instead of spinning.
        Thread.sleep(forTimeInterval: 0.001)
        continue
      }
      let admission: Admission = state.withLock { state in
        guard !state.stopping else { return .stopping }
        guard state.connections.count < configuration.maxConnections else { return .busy }
        state.counters.connections += 1
        let id = state.counters.connections
        state.connections[id] = descriptor
        state.liveThreads += 1
        return .serve(id)
      }
      let id: Int
      switch admission {
      case .stopping:
        Socket.close(descriptor)
        return
      case .busy:
        turnAway(descriptor)
        continue
      case .serve(let admitted):
        id = admitted
      }
      let thread = Thread { [self] in
        Connection(core: self, descriptor: descriptor, id: id).run()
        finishConnection(id: id, descriptor: descriptor)
      }
      thread.name = "LoopbackServer.connection.\(id)"
      thread.start()
    }
  }

  /// What the accept thread does with a new connection.
  private enum Admission {
    case serve(Int)
    case busy
    case stopping
  }

  /// The HTTP contract's answer past the connection cap, serialized once.
  private static let busyAnswer = HTTPResponse.error(
    status: 503, code: "server_busy",
    message: "The server has as many connections open as it serves; try again in a moment.",
    extra: ["retryAfter": 1]
  ).withHeader("Retry-After", "1").serialized(keepAlive: false, includeBody: true)

  /// Answers a connection past the cap from the accept thread: one non-blocking write, then
  /// close. Request bytes already received are read first, as far as they are there, so
  /// closing does not reset the connection under the answer; the rest is best effort.
  private func turnAway(_ descriptor: Int32) {
    Self.busyAnswer.withUnsafeBytes { Socket.sendOnce(descriptor, $0) }
    Socket.shutdownWrite(descriptor)
    var scratch = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<16 {
      guard case .bytes = scratch.withUnsafeMutableBytes({ Socket.receive(descriptor, into: $0) })
      else { break }
    }
    Socket.close(descriptor)
  }

  /// Closes a connection's descriptor under the lock, so `stop` never shuts down a number the
  /// OS has already handed to someone else.
  private func finishConnection(id: Int, descriptor: Int32) {
    state.withLock { state in
      state.connections[id] = nil
      Socket.close(descriptor)
      state.liveThreads -= 1
    }
  }

  /// Resolves the request and runs its handler on the cooperative pool, blocking this IO
  /// thread (never a pool thread) until the response is ready.
  func respond(to request: HTTPRequest, segments: [String]) -> HTTPResponse {
    var request = request
    let handler: @Sendable (HTTPRequest) async -> HTTPResponse
    switch router.resolve(method: request.method, segments: segments) {
    case .route(let routeHandler, let parameters):
      request.pathParameters = parameters
      handler = routeHandler
    case .miss(let fallback, let miss):
      handler = { await fallback($0, miss) }
    }
    return run(handler, with: request)
  }

  /// Runs `handler` in a task that ``stop(waitUntil:)`` can cancel.
  func run(_ handler: @escaping LoopbackServer.Handler, with request: HTTPRequest)
    -> HTTPResponse
  {
    let result = Locked<HTTPResponse?>(nil, kind: .waitable)
    let task = Task.detached {
      let response = await handler(request)
      result.withLock { $0 = response }
    }
    let connection = request.connectionID
    let inFlight = InFlightHandler(task: task, result: result)
    let stopping = state.withLock { state in
      state.counters.requests += 1
      state.handlers[connection] = inFlight
      return state.stopping
    }
    if stopping { inFlight.abandon() }
    _ = result.wait(until: nil) { $0 != nil }
    state.withLock { $0.handlers[connection] = nil }
    return result.withLock { $0 } ?? .dropConnection
  }

  /// Stops accepting, wakes every connection thread, cancels handlers and stops waiting for
  /// them; with a deadline, waits until every thread has ended or the deadline passes.
  func stop(waitUntil deadline: Date?) {
    state.withLock { state in
      if !state.stopping {
        state.stopping = true
        Socket.shutdownBoth(listener)
      }
      for descriptor in state.connections.values {
        Socket.shutdownBoth(descriptor)
      }
      for handler in state.handlers.values {
        handler.abandon()
      }
    }
    if let deadline {
      _ = state.wait(until: deadline) { $0.liveThreads == 0 }
    }
  }
}

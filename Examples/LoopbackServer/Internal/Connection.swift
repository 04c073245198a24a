import Foundation

/// Serves the requests of one TCP connection, on that connection's own thread, until the
/// client closes it, a request asks to close, an error occurs or the server stops.
final class Connection {
  /// What happens after a response.
  enum Next {
    case keepAlive
    /// Close after letting the client read what was sent.
    case closeGracefully
    /// Close at once.
    case abort
  }

  let core: ServerCore
  let descriptor: Int32
  let id: Int
  var configuration: LoopbackServer.Configuration { core.configuration }
  /// Bytes received and not yet consumed by a request.
  var buffer: [UInt8] = []
  private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

  init(core: ServerCore, descriptor: Int32, id: Int) {
    self.core = core
    self.descriptor = descriptor
    self.id = id
  }

  func run() {
    var next = Next.keepAlive
    while case .keepAlive = next {
      next = serveOneRequest()
    }
    if case .closeGracefully = next {
      lingeringClose()
    }
  }

  private func serveOneRequest() -> Next {
    let fields: RequestFields
    let bodyStart: Int
    switch readHead() {
    case .closed:
      return .abort
    case .failed(let failure):
      return refuse(failure)
    case .head(let read, let start):
      fields = read
      bodyStart = start
    }
    let checked = Result { () throws(RequestHead.Failure) in try RequestHead(checking: fields) }
    // The Host rules come first (the HTTP contract's order of checks): before the head's other
    // rules, the route and the body.
    if let accepted = core.acceptedHosts,
      let failure = HostName.refusal(of: fields, accepted: accepted)
    {
      let response = HTTPResponse.error(
        status: failure.status, code: failure.code, message: failure.message)
      guard case .success(let head) = checked else {
        // The body's framing is unknown, so it cannot be skipped: the answer, then the end.
        return send(response, keepAlive: false, includeBody: fields.method != .head)
      }
      return refuseUnread(head, response)
    }
    let head: RequestHead
    switch checked {
    case .failure(let failure):
      return refuse(failure)
    case .success(let valid):
      head = valid
    }
    let body: Data
    switch readBody(of: head, from: bodyStart) {
    case .closed:
      return .abort
    case .failed(let failure):
      return refuse(failure)
    case .tooLarge:
      return answerTooLarge(head)
    case .body(let bytes, let consumed):
      body = bytes
      buffer.removeFirst(min(consumed, buffer.count))
    }
    let request = HTTPRequest(
      method: head.method, target: head.target, parts: head.parts, headers: head.headers,
      body: body, connectionID: id)
    let response = core.respond(to: request, segments: head.parts.segments)
    let keepAlive = head.keepAlive && !response.asksToClose && !core.isStopping
    return send(response, keepAlive: keepAlive, includeBody: head.method != .head)
  }

  /// Answers a request the server could not read whole, then closes: what follows on the
  /// connection cannot be told apart from this request's rest.
  private func refuse(_ failure: RequestHead.Failure) -> Next {
    send(
      .error(status: failure.status, code: failure.code, message: failure.message),
      keepAlive: false, includeBody: true)
  }

  /// The HTTP contract orders 404/405 before 413, so a too-large body to an unknown path still gets
  /// the route miss; the connection closes either way because the body was not read.
  private func answerTooLarge(_ head: RequestHead) -> Next {
    let request = HTTPRequest(
      method: head.method, target: head.target, parts: head.parts, headers: head.headers,
      body: Data(), connectionID: id)
    let response: HTTPResponse
    if case .miss = core.router.resolve(method: head.method, segments: head.parts.segments) {
      response = core.respond(to: request, segments: head.parts.segments)
    } else {
      response = .error(
        status: 413, code: "body_too_large",
        message: "The request body is larger than \(configuration.maxBodyBytes) bytes.")
    }
    return refuseUnread(head, response)
  }

  /// Answers a request whose body the server will not read, then closes: a `Content-Length`
  /// body is read and dropped first (within bounds), so the client is not reset while still
  /// sending and can read the answer.
  private func refuseUnread(_ head: RequestHead, _ response: HTTPResponse) -> Next {
    if case .length(let length) = head.framing, !head.expectsContinue {
      discardBody(length: length)
    }
    return send(response, keepAlive: false, includeBody: head.method != .head)
  }

  /// Writes the response; the caller's keep-alive wish is overridden by raw and dropped
  /// deliveries, which always end the connection.
  func send(_ response: HTTPResponse, keepAlive: Bool, includeBody: Bool) -> Next {
    switch response.delivery {
    case .dropConnection:
      return .abort
    case .raw(let bytes):
      return write(bytes) ? .closeGracefully : .abort
    case .standard:
      // Refused whole rather than stripped: a header left out could be one the client relies
      // on, and the handler's mistake shows as a 500 instead of a subtly different answer.
      let sendable = response.hasSendableHeaders ? response : HTTPResponse.unsendableHeaderAnswer
      let bytes = sendable.serialized(keepAlive: keepAlive, includeBody: includeBody)
      guard write(bytes) else { return .abort }
      return keepAlive ? .keepAlive : .closeGracefully
    }
  }

  /// Writes `bytes` within ``LoopbackServer/Configuration/writeTimeout``; false when the
  /// client is gone or does not read them in time.
  func write(_ bytes: Data) -> Bool {
    let deadline = Date(timeIntervalSinceNow: configuration.writeTimeout)
    return bytes.withUnsafeBytes { Socket.sendAll(descriptor, $0, deadline: deadline) }
  }

  /// What waiting for more request bytes gave.
  enum Arrival {
    case more
    /// End of stream, an error, or the server is stopping.
    case ended
    case timedOut
  }

  /// Receives more bytes into `buffer`, waiting until `deadline` at most.
  func receiveMore(until deadline: Date) -> Arrival {
    while true {
      let readiness = Socket.wait(descriptor, for: .readable, until: deadline) { core.isStopping }
      switch readiness {
      case .failed: return .ended
      case .timedOut: return .timedOut
      case .ready:
        switch chunk.withUnsafeMutableBytes({ Socket.receive(descriptor, into: $0) }) {
        case .wouldBlock: continue
        case .ended: return .ended
        case .bytes(let count):
          buffer.append(contentsOf: chunk[0..<count])
          return .more
        }
      }
    }
  }

  /// Reads and drops a body the server will not use, up to a bound, so the client is not
  /// reset while still sending and can read the answer.
  private func discardBody(length: Int) {
    var remaining = length
    let cap = configuration.maxBodyBytes
    let bound = max(cap > Int.max / 4 ? Int.max : cap * 4, 16 * 1024 * 1024)
    guard length <= bound else { return }
    let deadline = Date(timeIntervalSinceNow: configuration.bodyTimeout)
    while true {
      let taken = min(remaining, buffer.count)
      remaining -= taken
      buffer.removeAll(keepingCapacity: true)
      guard remaining > 0, case .more = receiveMore(until: deadline) else { return }
    }
  }

  /// Half-closes and drains briefly before closing, so unread client bytes do not turn the
  /// close into a reset that destroys the response in flight.
  private func lingeringClose() {
    Socket.shutdownWrite(descriptor)
    let deadline = Date(timeIntervalSinceNow: 0.5)
    var drained = 0
    while drained < 1024 * 1024 {
      guard case .ready = Socket.wait(descriptor, for: .readable, until: deadline) else { return }
      switch chunk.withUnsafeMutableBytes({ Socket.receive(descriptor, into: $0) }) {
      case .wouldBlock: continue
      case .ended: return
      case .bytes(let count): drained += count
      }
    }
  }
}

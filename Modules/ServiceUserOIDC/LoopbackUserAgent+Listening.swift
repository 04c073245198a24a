import Foundation
import LoginCore

#if canImport(CSocket)
  import CSocket
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension LoopbackUserAgent {
  /// The most connections read at once; a new one past it closes the oldest of those that
  /// have sent nothing (the oldest of all only when every one has begun its request).
  package static let maximumConnections = 32

  /// `poll(2)` over `entries`, waiting at most `milliseconds`: how many are ready, or -1 and
  /// the `errno` of its failure. Tests stand in for the system's to make it fail.
  package typealias Poller = @Sendable (_ entries: inout [pollfd], _ milliseconds: Int32) -> (
    ready: Int32, errno: Int32
  )

  /// The system's `poll`.
  package static let systemPoll: Poller = { entries, milliseconds in
    let ready = poll(&entries, nfds_t(entries.count), milliseconds)
    return (ready, ready < 0 ? errno : 0)
  }

  /// A connection whose request head is still arriving.
  private struct Pending {
    let socket: Int32
    let deadline: ContinuousClock.Instant
    var head: [UInt8] = []
  }

  /// Accepts and reads connections side by side until one brings the answer carrying
  /// `state`, the time limit passes or the sign-in is cancelled. Runs on its own thread;
  /// `poll` blocks at most a fifth of a second.
  ///
  /// A `poll` that fails for another reason than a signal (`EINTR`), or a listener it reports
  /// broken (`POLLERR`, `POLLHUP`, `POLLNVAL`), ends the wait as `.signInInterrupted`: either
  /// would fail again at once, every turn, and spin a core until the time limit.
  /// - Parameters:
  ///   - listener: The listening socket, non-blocking.
  ///   - state: The awaited answer's `state`, or `nil` to take the first to the path.
  ///   - poll: `poll(2)`; the system's unless a test stands in.
  /// - Returns: The address the browser came back to, or why the wait ended without it.
  package func wait(
    on listener: Int32, state: String?, poll: Poller = LoopbackUserAgent.systemPoll
  ) -> Result<URL, AuthFailure> {
    let clock = ContinuousClock()
    let deadline = clock.now + timeLimit
    var connections = [Pending]()
    defer { for connection in connections { close(connection.socket) } }
    while true {
      if cancelled.withLock({ $0 }) { return .failure(.refused(.signInCancelled)) }
      let now = clock.now
      guard now < deadline else { return .failure(.refused(.signInExpired)) }
      connections.removeAll { connection in
        guard connection.deadline <= now else { return false }
        close(connection.socket)
        return true
      }
      var entries = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
      entries += connections.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
      let polled = poll(&entries, 200)
      if polled.ready < 0, polled.errno != EINTR { return .failure(.refused(.signInInterrupted)) }
      guard polled.ready > 0 else { continue }
      if entries[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 {
        return .failure(.refused(.signInInterrupted))
      }
      var finished = Set<Int32>()
      for (index, entry) in entries.enumerated().dropFirst() where entry.revents != 0 {
        let connection = connections[index - 1]
        switch read(connection) {
        case .waiting(let head): connections[index - 1].head = head
        case .closed: finished.insert(connection.socket)
        case .complete(let head):
          finished.insert(connection.socket)
          if let target = answer(head, on: connection.socket, state: state) {
            close(connection.socket)
            connections.removeAll { $0.socket == connection.socket }
            guard let url = URL(string: "http://127.0.0.1:\(port)\(target)") else {
              return .failure(.refused(.signInInterrupted))
            }
            return .success(url)
          }
        }
      }
      connections.removeAll { connection in
        guard finished.contains(connection.socket) else { return false }
        close(connection.socket)
        return true
      }
      // The listener does not block: take what is queued, a few at a time.
      for _ in 0..<8 where entries[0].revents != 0 {
        guard let socket = Self.accept(on: listener) else { break }
        if connections.count >= Self.maximumConnections {
          // Idle ones go first, oldest first: however many connections a local program or
          // a page opens and leaves silent, a browser midway through its request stays.
          let evicted = connections.firstIndex { $0.head.isEmpty } ?? 0
          close(connections.remove(at: evicted).socket)
        }
        connections.append(Pending(socket: socket, deadline: clock.now + requestTimeLimit))
      }
    }
  }

  private enum ReadState {
    case waiting([UInt8])
    case complete([UInt8])
    case closed
  }

  /// Reads what has arrived on a connection that `poll` says is ready.
  private func read(_ connection: Pending) -> ReadState {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(connection.socket, &buffer, buffer.count, 0)
    guard count > 0 else {
      return count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
        ? .waiting(connection.head) : .closed
    }
    let head = connection.head + buffer[0..<count]
    if head.count > Self.maximumRequestBytes { return .complete(head) }
    let end = Array("\r\n\r\n".utf8)
    let searchFrom = max(0, connection.head.count - 3)
    let isWhole =
      head.count >= 4
      && (searchFrom...(head.count - 4)).contains { head[$0..<($0 + 4)].elementsEqual(end) }
    return isWhole ? .complete(head) : .waiting(head)
  }

  /// Answers a whole request head: the awaited answer's target, or `nil` once refused.
  private func answer(_ head: [UInt8], on connection: Int32, state: String?) -> String? {
    guard head.count <= Self.maximumRequestBytes, let request = LoopbackRequest(head: head)
    else {
      reply(connection, status: "400 Bad Request", page: nil)
      return nil
    }
    switch request.verdict(port: port, path: path, state: state) {
    case .answer(let target):
      reply(connection, status: "200 OK", page: Self.page())
      return target
    case .refuse(let status, let page):
      reply(connection, status: status, page: page)
      return nil
    }
  }

  /// Writes an answer and its page, closing the exchange.
  private func reply(_ connection: Int32, status: String, page: String?) {
    let body = Array((page ?? "").utf8)
    let head =
      "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\n"
      + "Content-Length: \(body.count)\r\nCache-Control: no-store\r\n"
      + "Referrer-Policy: no-referrer\r\nX-Content-Type-Options: nosniff\r\n"
      + "Connection: close\r\n\r\n"
    let bytes = Array(head.utf8) + body
    var sent = 0
    // The socket does not block: a reader that takes nothing is given up on within a second.
    let giveUp = ContinuousClock.now + .seconds(1)
    while sent < bytes.count, ContinuousClock.now < giveUp {
      #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
      #else
        let flags: Int32 = 0
      #endif
      let count = bytes[sent...].withUnsafeBytes {
        send(connection, $0.baseAddress, $0.count, flags)
      }
      if count > 0 {
        sent += count
      } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        var entry = pollfd(fd: connection, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, 100)
      } else {
        return
      }
    }
  }

  /// Whether accepted connections are close-on-exec from the moment they exist (`accept4`
  /// with `SOCK_CLOEXEC`), so a child the host starts meanwhile on another thread (its
  /// browser) cannot inherit one; Darwin has no such call, and `fcntl` follows at once.
  package static var acceptsCloseOnExecAtomically: Bool {
    #if canImport(CSocket)
      true
    #else
      false
    #endif
  }

  /// A connection taken from the listener, close-on-exec and non-blocking; `nil` when none.
  private static func accept(on listener: Int32) -> Int32? {
    #if canImport(CSocket)
      let socket = csocket_accept_cloexec(listener, 1)
    #elseif canImport(Glibc)
      let socket = Glibc.accept(listener, nil, nil)
    #else
      let socket = Darwin.accept(listener, nil, nil)
    #endif
    guard socket >= 0 else { return nil }
    if !acceptsCloseOnExecAtomically {
      _ = fcntl(socket, F_SETFD, FD_CLOEXEC)
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
    }
    #if canImport(Darwin)
      var on: Int32 = 1
      _ = setsockopt(
        socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return socket
  }

  /// A socket listening on `127.0.0.1` at a port the system picks, and that port; it is
  /// close-on-exec (atomically where the system allows) and does not block.
  static func openListener() throws(LoopbackUserAgentError) -> (Int32, Int) {
    // getaddrinfo hands over a `sockaddr` for bind, so no Swift value is reinterpreted.
    var hints = addrinfo()
    hints.ai_family = AF_INET
    #if canImport(Glibc)
      hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    #else
      hints.ai_socktype = SOCK_STREAM
    #endif
    hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo("127.0.0.1", "0", &hints, &found) == 0, let address = found else {
      throw .cannotListen(errno: errno)
    }
    defer { freeaddrinfo(found) }
    #if canImport(Glibc)
      let fd = socket(
        AF_INET,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
          | Int32(SOCK_NONBLOCK.rawValue), 0)
      guard fd >= 0 else { throw .cannotListen(errno: errno) }
    #else
      let fd = socket(AF_INET, SOCK_STREAM, 0)
      guard fd >= 0 else { throw .cannotListen(errno: errno) }
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    #endif
    guard bind(fd, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0, listen(fd, 16) == 0
    else {
      let failure = errno
      close(fd)
      throw .cannotListen(errno: failure)
    }
    // An IPv4 `sockaddr`'s first two data bytes are the port, in network order.
    var bound = sockaddr()
    var length = socklen_t(MemoryLayout<sockaddr>.size)
    guard getsockname(fd, &bound, &length) == 0 else {
      let failure = errno
      close(fd)
      throw .cannotListen(errno: failure)
    }
    let port =
      Int(UInt8(bitPattern: bound.sa_data.0)) << 8 | Int(UInt8(bitPattern: bound.sa_data.1))
    return (fd, port)
  }
}


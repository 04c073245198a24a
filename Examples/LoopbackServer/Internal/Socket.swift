import Foundation

#if canImport(CSocket)
  import CSocket
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thin wrappers over the POSIX socket calls, hiding the Glibc/Darwin differences in constant
/// types and SIGPIPE handling.
enum Socket {
  /// What `poll` saw on a descriptor.
  enum Readiness {
    case ready
    case timedOut
    case failed
  }

  #if canImport(Darwin)
    private static let streamType = SOCK_STREAM
    private static let sendFlags: Int32 = 0
  #else
    // Close-on-exec: a child process started by the host (or a test) must not inherit the
    // server's sockets, or a connection the server closed stays open in the child.
    private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    // A peer that already closed must never raise SIGPIPE and kill the test process.
    private static let sendFlags = Int32(MSG_NOSIGNAL)
  #endif

  /// Creates a listening IPv4 socket on `host:port` and returns it with the port bound.
  static func listen(
    host: String, port: UInt16, backlog: Int32
  ) throws(LoopbackServerError) -> (descriptor: Int32, port: UInt16) {
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
      throw .invalidHost(host)
    }
    let descriptor = socket(AF_INET, streamType, 0)
    guard descriptor >= 0 else { throw .socketFailed(call: "socket", errno: errno) }
    #if canImport(Darwin)
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #endif
    var yes: Int32 = 1
    _ = setsockopt(
      descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    let length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
    }
    guard bound == 0 else {
      let code = errno
      close(descriptor)
      throw .socketFailed(call: "bind", errno: code)
    }
    guard systemListen(descriptor, backlog) == 0 else {
      let code = errno
      close(descriptor)
      throw .socketFailed(call: "listen", errno: code)
    }
    var boundAddress = sockaddr_in()
    var boundLength = length
    let named = withUnsafeMutablePointer(to: &boundAddress) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &boundLength)
      }
    }
    guard named == 0 else {
      let code = errno
      close(descriptor)
      throw .socketFailed(call: "getsockname", errno: code)
    }
    return (descriptor, UInt16(bigEndian: boundAddress.sin_port))
  }

  /// Accepts one connection; nil when none could be taken (the caller decides whether to retry).
  static func accept(_ listener: Int32) -> Int32? {
    let descriptor = systemAccept(listener)
    guard descriptor >= 0 else { return nil }
    var yes: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    #if canImport(Darwin)
      // Darwin has no `accept4`: the flag follows at once (see `streamType`).
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    #endif
    #if canImport(Darwin)
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, size)
    #endif
    // Responses go out in one write; without this a keep-alive client can stall on Nagle.
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, size)
    // Non-blocking, so every read and write waits in `poll` with a deadline (see `sendAll`)
    // and the accept thread can answer a connection past the cap without waiting.
    let flags = fcntl(descriptor, F_GETFL)
    _ = fcntl(descriptor, F_SETFL, (flags < 0 ? 0 : flags) | O_NONBLOCK)
    return descriptor
  }

  /// What one `recv` on a non-blocking socket gave.
  enum Received {
    /// This many bytes (more than zero) were read.
    case bytes(Int)
    /// Nothing is there yet (a spurious wake-up of `poll`).
    case wouldBlock
    /// The peer closed, or the connection failed.
    case ended
  }

  /// Reads into `buffer` without blocking.
  static func receive(
    _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
  ) -> Received {
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .bytes(count) }
      if count == 0 { return .ended }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK: return .wouldBlock
      default: return .ended
      }
    }
  }

  /// Writes every byte before `deadline`, waiting with `poll` while the peer's window is full;
  /// false once the peer is gone or the deadline passes. A client that never reads therefore
  /// holds a connection thread until the deadline only.
  static func sendAll(
    _ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, deadline: Date
  ) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
      let count = send(descriptor, base + offset, bytes.count - offset, sendFlags)
      if count >= 0 {
        offset += count
        continue
      }
      switch errno {
      case EINTR: continue
      case EAGAIN, EWOULDBLOCK:
        guard case .ready = wait(descriptor, for: .writable, until: deadline) else { return false }
      default: return false
      }
    }
    return true
  }

  /// One `send` that never waits, for answers given from the accept thread: whatever the
  /// socket buffer takes is sent, the rest dropped.
  static func sendOnce(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    _ = send(descriptor, base, bytes.count, sendFlags)
  }

  /// What a wait is for.
  enum Direction {
    case readable
    case writable
  }

  /// Waits until `descriptor` is ready for `direction`, `deadline` passes (`timedOut`) or
  /// `abandon` says to stop (`failed`). `poll` runs in short slices so that `abandon` is asked
  /// often and the wait never outlives the deadline by much.
  static func wait(
    _ descriptor: Int32, for direction: Direction, until deadline: Date,
    abandon: () -> Bool = { false }
  ) -> Readiness {
    let event = direction == .readable ? POLLIN : POLLOUT
    while true {
      if abandon() { return .failed }
      let remaining = deadline.timeIntervalSinceNow
      guard remaining > 0 else { return .timedOut }
      let milliseconds = Int32(min(250, max(1, (remaining * 1000).rounded(.up))))
      var entry = pollfd(fd: descriptor, events: Int16(event), revents: 0)
      let result = poll(&entry, 1, milliseconds)
      if result == 0 { continue }
      if result < 0 {
        if errno == EINTR { continue }
        return .failed
      }
      if entry.revents & Int16(POLLNVAL) != 0 { return .failed }
      return .ready
    }
  }

  /// Stops further reads and writes, waking a thread blocked on the descriptor.
  static func shutdownBoth(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Stops further writes, so the peer sees the end of the response.
  static func shutdownWrite(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  /// Closes the descriptor.
  static func close(_ descriptor: Int32) {
    systemClose(descriptor)
  }
}

// File-level forwards: inside `Socket` the names `listen`, `accept` and `close` mean its own
// methods, so the system calls are reached from here.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}

#if canImport(Darwin)
  private func systemAccept(_ descriptor: Int32) -> Int32 {
    accept(descriptor, nil, nil)
  }
#else
  /// `accept4` with `SOCK_CLOEXEC` (through the CSocket shim, as Glibc's Swift module does
  /// not declare it), so no child started at that moment inherits the connection: a `fcntl`
  /// after `accept` would leave a window.
  private func systemAccept(_ descriptor: Int32) -> Int32 {
    #if canImport(CSocket)
      csocket_accept_cloexec(descriptor, 0)
    #else
      let accepted = accept(descriptor, nil, nil)
      if accepted >= 0 { _ = fcntl(accepted, F_SETFD, FD_CLOEXEC) }
      return accepted
    #endif
  }
#endif

private func systemClose(_ descriptor: Int32) {
  _ = close(descriptor)
}

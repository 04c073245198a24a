import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP proxy on 127.0.0.1 in front of a real server, that forwards requests and answers
/// byte for byte, except that it can lose answers: for a request whose first line starts with
/// a marker (e.g. `POST /v1/auth/refresh`), it waits until the server's answer arrives (so the
/// server has done its work) and then closes the client's connection without passing one byte
/// of it on, as a reset connection on the way back would.
///
/// Each exchange gets its own connection (the proxy adds `Connection: close` to each
/// request), so a client never sends on a connection the proxy already closed: a transport's
/// own resend of a request on a reused connection cannot hide what the caller does.
public final class AnswerDroppingProxy: @unchecked Sendable {  // State below is under `lock`.
  /// The proxy's port on 127.0.0.1.
  public let port: UInt16
  private let target: UInt16
  private let listener: Int32
  private let lock = NSLock()
  private var dropsLeft = 0
  private var marker = Data()
  private var droppedCount = 0
  private var forwardedCount = 0
  private var stopped = false

  /// Starts listening.
  /// - Parameter target: The real server's port on 127.0.0.1.
  /// - Throws: When the listening socket cannot be made.
  public init(forwardingTo target: UInt16) throws {
    self.target = target
    let listener = try Self.listeningSocket()
    self.listener = listener.descriptor
    self.port = listener.port
    let thread = Thread { [self] in acceptLoop() }
    thread.start()
  }

  /// The URL of the proxy, for a client.
  public var baseURL: URL {
    URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/")
  }

  /// Loses the answers to the next `count` requests whose first line starts with `marker`.
  /// - Parameters:
  ///   - count: How many answers to lose.
  ///   - marker: The start of the request line, e.g. `POST /v1/auth/refresh`.
  public func dropAnswers(_ count: Int, to marker: String) {
    lock.withLock {
      dropsLeft = count
      self.marker = Data(marker.utf8)
    }
  }

  /// How many answers were lost so far.
  public var dropped: Int { lock.withLock { droppedCount } }
  /// How many requests were forwarded so far (lost answers too).
  public var forwarded: Int { lock.withLock { forwardedCount } }

  /// Stops accepting (once); exchanges in flight end on their own.
  public func stop() {
    let first = lock.withLock {
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    shutdown(listener, Int32(SHUT_RDWR))
    close(listener)
  }

  private func acceptLoop() {
    while !lock.withLock({ stopped }) {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        return
      }
      Thread { [self] in exchange(client) }.start()
    }
  }

  /// One connection: its request goes to the server, and the answer back unless it is lost.
  private func exchange(_ client: Int32) {
    defer { close(client) }
    guard let server = TestSocket(port: target) else { return }
    let upstream = server.descriptor
    var firstChunk = true
    var loseAnswer = false
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      var fds = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: upstream, events: Int16(POLLIN), revents: 0),
      ]
      // No idle limit of its own shorter than the client's: on a loaded machine the server
      // (whose handlers share the test process's cooperative threads with every other
      // test) may take many seconds to answer, and closing the client's connection then
      // would look like a lost answer the test never asked for. The client's timeout
      // decides; this bound only frees the thread of an exchange nobody ends.
      guard poll(&fds, 2, Self.idleLimitMilliseconds) > 0 else { return }
      if fds[0].revents != 0 {
        let count = recv(client, &buffer, buffer.count, 0)
        guard count > 0 else { return }
        var chunk = Data(buffer[0..<count])
        if firstChunk {
          firstChunk = false
          loseAnswer = takeDrop(for: chunk)
          chunk = Self.closingAfterOneExchange(chunk)
        }
        guard Self.sendAll(chunk, to: upstream) else { return }
      }
      if fds[1].revents != 0 {
        let count = recv(upstream, &buffer, buffer.count, 0)
        guard count > 0 else { return }
        if loseAnswer {
          lock.withLock { droppedCount += 1 }
          return
        }
        guard Self.sendAll(Data(buffer[0..<count]), to: client) else { return }
      }
    }
  }

  private func takeDrop(for request: Data) -> Bool {
    lock.withLock {
      forwardedCount += 1
      guard dropsLeft > 0, request.starts(with: marker) else { return false }
      dropsLeft -= 1
      return true
    }
  }

  /// The request with `Connection: close` after its request line.
  private static func closingAfterOneExchange(_ chunk: Data) -> Data {
    guard let lineEnd = chunk.range(of: Data("\r\n".utf8)) else { return chunk }
    var changed = chunk
    changed.insert(contentsOf: Data("Connection: close\r\n".utf8), at: lineEnd.upperBound)
    return changed
  }

  private static func sendAll(_ data: Data, to socket: Int32) -> Bool {
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { bytes in
        send(socket, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, noSignal)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Longer than any client's timeout in the tests (NetworkClient's default is 60 s).
  private static let idleLimitMilliseconds: Int32 = 300_000

  #if canImport(Glibc)
    private static let noSignal = Int32(MSG_NOSIGNAL)
    private static let streamType = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
  #else
    private static let noSignal: Int32 = 0
    private static let streamType = SOCK_STREAM
  #endif

  private static func loopback(_ port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }

  private struct SocketFailure: Error {}

  private static func listeningSocket() throws -> (descriptor: Int32, port: UInt16) {
    let descriptor = socket(AF_INET, streamType, 0)
    guard descriptor >= 0 else { throw SocketFailure() }
    var address = loopback(0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && listen(descriptor, SOMAXCONN) == 0
          && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else {
      close(descriptor)
      throw SocketFailure()
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }
}

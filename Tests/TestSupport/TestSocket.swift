import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A client TCP socket to a test's server on 127.0.0.1, for what URLSession will not do: hold a
/// connection, trickle a request, stream without reading. ``RawClient`` sends whole requests
/// through it; tests use it directly to control each byte.
///
/// Its calls block, so run them through ``onOwnThread(_:)``, never on a cooperative thread the
/// server's handlers need.
///
/// ```swift
/// let exchange = await TestSocket.onOwnThread {
///   TestSocket(port: server.port)?.trickle(Data("GET / HTTP/1.1\r\n\r\n".utf8),
///     every: 0.5, timeout: 15)
/// }
/// ```
public final class TestSocket: Sendable {
  /// The connected socket, closed when the object goes away.
  public let descriptor: Int32

  /// Connects to 127.0.0.1.
  /// - Parameters:
  ///   - port: The server's port.
  ///   - receiveBufferBytes: A small receive buffer (set before connecting, so the window
  ///     stays small) for a client that should stop taking bytes soon.
  /// - Returns: nil when the socket cannot be made or the connection is refused.
  public init?(port: UInt16, receiveBufferBytes: Int32? = nil) {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      // Close-on-exec, so processes other tests start never hold this connection open.
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard descriptor >= 0 else { return nil }
    let size = socklen_t(MemoryLayout<Int32>.size)
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, size)
    #endif
    if var bytes = receiveBufferBytes {
      setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &bytes, size)
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      return nil
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Sends what the socket takes now, without waiting.
  /// - Parameter data: The bytes to send.
  /// - Returns: How many bytes were taken (0 when the send buffer is full), or nil once the
  ///   server has closed or reset the connection.
  public func sendNow(_ data: Data) -> Int? {
    let sent = data.withUnsafeBytes { bytes in
      send(descriptor, bytes.baseAddress, bytes.count, Self.noSignal | Int32(MSG_DONTWAIT))
    }
    if sent >= 0 { return sent }
    return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : nil
  }

  /// Sends every byte, waiting as long as it takes.
  /// - Parameter data: The bytes to send.
  /// - Returns: false once the server is gone.
  public func sendAll(_ data: Data) -> Bool {
    var offset = 0
    while offset < data.count {
      let sent = data.withUnsafeBytes { bytes in
        send(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Self.noSignal)
      }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Reads until the server closes, `enough` holds for what arrived, or `timeout` passes.
  /// - Parameters:
  ///   - timeout: The longest wait, in seconds.
  ///   - enough: Whether the bytes received so far are all the test needs.
  /// - Returns: What arrived, and whether the server closed the connection.
  public func receive(
    for timeout: TimeInterval, until enough: (Data) -> Bool = { _ in false }
  ) -> RawClient.Exchange {
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      guard waitReadable(milliseconds: 50) else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return RawClient.Exchange(received: received, serverClosed: true) }
      received.append(contentsOf: buffer[0..<count])
      if enough(received) { break }
    }
    return RawClient.Exchange(received: received, serverClosed: false)
  }

  /// Sends `prefix`, then `bytes` one at a time, one every `interval`, until the server closes
  /// the connection or `timeout` passes.
  /// - Parameters:
  ///   - bytes: The bytes to trickle.
  ///   - prefix: Bytes sent at once first.
  ///   - interval: The pause after each byte, in seconds.
  ///   - timeout: The longest the whole exchange may take, in seconds.
  /// - Returns: What arrived, and whether the server closed the connection.
  public func trickle(
    _ bytes: Data, after prefix: Data = Data(), every interval: TimeInterval,
    timeout: TimeInterval
  ) -> RawClient.Exchange {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var received = Data()
    if sendAll(prefix) {
      for byte in bytes where Date() < deadline {
        // Once a send fails the server is gone; the read below sees the end.
        guard sendAll(Data([byte])) else { break }
        let answer = receive(for: interval)
        received.append(answer.received)
        if answer.serverClosed { return RawClient.Exchange(received: received, serverClosed: true) }
      }
    }
    let rest = receive(for: max(0, deadline.timeIntervalSinceNow))
    return RawClient.Exchange(received: received + rest.received, serverClosed: rest.serverClosed)
  }

  /// Ends the connection in both directions while the object lives on.
  public func shutdownBoth() {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  /// Whether bytes (or the end of the stream) wait to be read.
  /// - Parameter milliseconds: The longest wait.
  /// - Returns: true when a read would not block.
  public func waitReadable(milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&entry, 1, milliseconds) > 0 && entry.revents != 0
  }

  /// Runs blocking socket work on a thread of its own, so it never holds one of the few
  /// cooperative threads a server's handlers need.
  /// - Parameter work: The blocking work.
  /// - Returns: What `work` returned.
  public static func onOwnThread<Result: Sendable>(
    _ work: @escaping @Sendable () -> Result
  ) async -> Result {
    await withCheckedContinuation { continuation in
      Thread { continuation.resume(returning: work()) }.start()
    }
  }

  #if canImport(Darwin)
    private static let noSignal: Int32 = 0
  #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #endif
}

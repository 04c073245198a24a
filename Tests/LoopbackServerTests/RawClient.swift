import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bare TCP client for what URLSession will not send: malformed requests, half requests,
/// hand-written bytes. Its blocking socket calls run on a dedicated thread so they never hold
/// one of the few cooperative threads the server's handlers need.
enum RawClient {
  /// What one exchange produced.
  struct Exchange: Sendable {
    /// Every byte received until the server closed the connection or the wait ended.
    let received: Data
    /// Whether the server closed the connection (rather than the wait timing out).
    let serverClosed: Bool

    var text: String { String(decoding: received, as: UTF8.self) }
  }

  /// Connects, sends `chunks` one after another, optionally closes, then reads until the
  /// server closes, `enough` holds for what arrived, or `timeout` passes; nil when the
  /// connection is refused. The timeout is a generous bound against hanging: a whole suite
  /// running at once on a small machine can keep the server from answering for seconds.
  static func exchange(
    port: UInt16, chunks: [Data], closeAfterSending: Bool = false, timeout: TimeInterval = 60,
    until enough: @escaping @Sendable (Data) -> Bool = { _ in false }
  ) async -> Exchange? {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        continuation.resume(
          returning: blockingExchange(
            port: port, chunks: chunks, closeAfterSending: closeAfterSending, timeout: timeout,
            enough: enough))
      }
      thread.start()
    }
  }

  /// Sends `text` as one chunk; see ``exchange(port:chunks:closeAfterSending:timeout:)``.
  static func exchange(port: UInt16, _ text: String, timeout: TimeInterval = 60) async
    -> Exchange?
  {
    await exchange(port: port, chunks: [Data(text.utf8)], timeout: timeout)
  }

  /// Whether a TCP connection to the port is accepted.
  static func canConnect(port: UInt16) async -> Bool {
    await withCheckedContinuation { continuation in
      let thread = Thread {
        let descriptor = connectSocket(port: port)
        if let descriptor { close(descriptor) }
        continuation.resume(returning: descriptor != nil)
      }
      thread.start()
    }
  }

  private static func blockingExchange(
    port: UInt16, chunks: [Data], closeAfterSending: Bool, timeout: TimeInterval,
    enough: (Data) -> Bool
  ) -> Exchange? {
    guard let descriptor = connectSocket(port: port) else { return nil }
    defer { close(descriptor) }
    for chunk in chunks {
      let sent = chunk.withUnsafeBytes { bytes in
        send(descriptor, bytes.baseAddress, bytes.count, noSignal)
      }
      guard sent == chunk.count else { break }
    }
    if closeAfterSending { return Exchange(received: Data(), serverClosed: false) }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      guard poll(&entry, 1, 50) >= 0 else { break }
      guard entry.revents != 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return Exchange(received: received, serverClosed: true) }
      received.append(contentsOf: buffer[0..<count])
      if enough(received) { break }
    }
    return Exchange(received: received, serverClosed: false)
  }

  private static func connectSocket(port: UInt16) -> Int32? {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      // Close-on-exec, so processes other tests start never hold this connection open.
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard descriptor >= 0 else { return nil }
    #if canImport(Darwin)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
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
    return descriptor
  }

  #if canImport(Darwin)
    private static let noSignal: Int32 = 0
  #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
  #endif
}

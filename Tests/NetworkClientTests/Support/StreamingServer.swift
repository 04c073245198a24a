import Foundation
import NetworkClient

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A server on a loopback port that answers one request with a header and then a body that
/// never ends, until its write fails because the client went away; it counts what it sent.
/// With `busy` set, it first answers that many connections `503` (closing each), so a retried
/// request meets the endless body on its later attempt.
final class StreamingServer: Sendable {
  let port: UInt16
  private let busy: Int
  private let listener: Int32
  private let sentBytes = Locked<Int?>(nil)

  /// The most it sends before giving up by itself.
  static let ceiling = 1 << 30

  init(busy: Int = 0) throws {
    self.busy = busy
    // Close-on-exec: a child a parallel test starts (koober) must not inherit the listener.
    #if os(Linux)
      let listener = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
      let listener = socket(AF_INET, SOCK_STREAM, 0)
      if listener >= 0 { _ = fcntl(listener, F_SETFD, FD_CLOEXEC) }
    #endif
    guard listener >= 0 else { throw POSIXError(.EIO) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, length) == 0 && listen(listener, 4) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRINUSE) }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(listener, $0, &length)
      }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  var url: URL { URL(string: "http://127.0.0.1:\(port)/stream")! }

  /// What the server had sent when the client went away, or `nil` while it still sends.
  var sent: Int? { sentBytes.withLock { $0 } }

  private func serve() {
    var request = [UInt8](repeating: 0, count: 4096)
    for _ in 0..<busy {
      let connection = accept(listener, nil, nil)
      guard connection >= 0 else { return }
      _ = recv(connection, &request, request.count, 0)
      let answer = Array(
        "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
          .utf8)
      _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL))
      close(connection)
    }
    let connection = accept(listener, nil, nil)
    close(listener)
    guard connection >= 0 else { return }
    _ = recv(connection, &request, request.count, 0)
    let head = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n".utf8)
    var total = 0
    _ = send(connection, head, head.count, Int32(MSG_NOSIGNAL))
    let chunk = [UInt8](repeating: 0x20, count: 64 << 10)
    while total < Self.ceiling {
      let written = send(connection, chunk, chunk.count, Int32(MSG_NOSIGNAL))
      if written <= 0 { break }
      total += written
    }
    close(connection)
    sentBytes.withLock { $0 = total }
  }
}

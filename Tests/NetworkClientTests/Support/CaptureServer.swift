#if os(Linux)
  import Foundation
  import Glibc
  import NetworkClient

  /// A raw HTTP/1.1 listener on a loopback address that keeps every request it receives and
  /// answers each with its own name as the body, so a test sees both who was asked and who
  /// answered. Stands in for a proxy (a request in absolute form is answered all the same)
  /// and for a server on `::1`, where `LoopbackServer` (IPv4 only) cannot listen. Its own
  /// descriptors are close-on-exec, so they never count as the client's.
  final class CaptureServer: Sendable {
    let port: UInt16
    let name: String
    private let listener: Int32
    private let requests = Locked<[String]>([])
    /// While set, an arrived request waits for `release()` before it is answered.
    private let holding: Locked<DispatchSemaphore?>

    /// Starts listening on `127.0.0.1`, or on `::1` when `ipv6`.
    /// - Throws: `POSIXError` when the address cannot be bound (no IPv6 loopback, say).
    init(name: String, ipv6: Bool = false, holdsAnswers: Bool = false) throws {
      self.name = name
      holding = Locked(holdsAnswers ? DispatchSemaphore(value: 0) : nil)
      let family = ipv6 ? AF_INET6 : AF_INET
      let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      let listener = socket(family, type, 0)
      guard listener >= 0 else { throw POSIXError(.EIO) }
      var storage = sockaddr_storage()
      var length: socklen_t
      if ipv6 {
        length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        withUnsafeMutableBytes(of: &storage) { raw in
          let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
          address.pointee.sin6_family = sa_family_t(AF_INET6)
          address.pointee.sin6_addr = in6addr_loopback
        }
      } else {
        length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutableBytes(of: &storage) { raw in
          let address = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
          address.pointee.sin_family = sa_family_t(AF_INET)
          address.pointee.sin_addr.s_addr = inet_addr("127.0.0.1")
        }
      }
      let bound = withUnsafeMutablePointer(to: &storage) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(listener, address, length) == 0 && listen(listener, 16) == 0
            && getsockname(listener, address, &length) == 0
        }
      }
      guard bound else {
        close(listener)
        throw POSIXError(.EADDRNOTAVAIL)
      }
      // sin_port and sin6_port sit at the same offset, right after the family.
      let port = withUnsafeBytes(of: &storage) { raw in
        UInt16(bigEndian: raw.load(fromByteOffset: 2, as: UInt16.self))
      }
      self.listener = listener
      self.port = port
      let thread = Thread { [self] in serve() }
      thread.start()
    }

    /// Every request received so far, head and body, as text.
    var received: [String] { requests.withLock { $0 } }

    /// Lets held answers go, and every later one at once.
    func release() {
      let semaphore = holding.withLock { held in defer { held = nil }; return held }
      for _ in 0..<64 { semaphore?.signal() }
    }

    private func serve() {
      while true {
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return }
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        Thread { [self] in answer(connection) }.start()
      }
    }

    private func answer(_ connection: Int32) {
      defer { close(connection) }
      var bytes = [UInt8]()
      var buffer = [UInt8](repeating: 0, count: 4096)
      while !isComplete(bytes) {
        let count = recv(connection, &buffer, buffer.count, 0)
        guard count > 0 else { break }
        bytes += buffer[..<count]
      }
      requests.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
      holding.withLock { $0 }?.wait()
      let body = Array(name.utf8)
      let head =
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.count)\r\n"
        + "Connection: close\r\n\r\n"
      let answer = Array(head.utf8) + body
      _ = send(connection, answer, answer.count, Int32(MSG_NOSIGNAL))
    }

    /// Whether `bytes` hold a whole request: the head, and as much body as it announces.
    private func isComplete(_ bytes: [UInt8]) -> Bool {
      let text = String(decoding: bytes, as: UTF8.self)
      guard let end = text.range(of: "\r\n\r\n") else { return false }
      let head = text[..<end.lowerBound].lowercased()
      let field = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
      let length = field.flatMap {
        Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
      }
      return text.utf8.count - text[..<end.upperBound].utf8.count >= (length ?? 0)
    }
  }
#endif

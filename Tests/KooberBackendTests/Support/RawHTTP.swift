import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hand-written HTTP/1.1 to the backend, for what URLSession will not send: no `Host`, two of
/// them, another site's name. Blocking socket calls run on a thread of their own, never on a
/// cooperative thread the backend's handlers need.
enum RawHTTP {
  /// What came back: the status and the API.md error code of the first response.
  struct Answer: Sendable {
    let text: String

    var status: Int? {
      guard text.hasPrefix("HTTP/1.1 ") else { return nil }
      return Int(text.dropFirst(9).prefix(3))
    }

    var errorCode: String? {
      guard let headEnd = text.range(of: "\r\n\r\n") else { return nil }
      let body = Data(text[headEnd.upperBound...].utf8)
      let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
      return (json?["error"] as? [String: Any])?["code"] as? String
    }

    var body: [String: Any] {
      guard let headEnd = text.range(of: "\r\n\r\n") else { return [:] }
      let body = Data(text[headEnd.upperBound...].utf8)
      return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
    }
  }

  /// Sends `method target` with `headers` (plus `Content-Length` and `Connection: close`) and
  /// `body` to 127.0.0.1:`port`, and reads until the server closes.
  static func send(
    port: UInt16, _ method: String, _ target: String, headers: [String], body: String = ""
  ) async -> Answer {
    let lines = ["\(method) \(target) HTTP/1.1"] + headers
      + ["Content-Length: \(body.utf8.count)", "Connection: close"]
    let request = Data((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    return await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: Answer(text: exchange(port: port, request)))
      }.start()
    }
  }

  private static func exchange(port: UInt16, _ request: Data) -> String {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
      guard descriptor >= 0 else { return "" }
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
      let noSignal: Int32 = 0
    #else
      // Close-on-exec, so a process another test starts never holds this connection open.
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else { return "" }
      let noSignal = Int32(MSG_NOSIGNAL)
    #endif
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: 30, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { return "" }
    var offset = 0
    while offset < request.count {
      let sent = request.withUnsafeBytes {
        systemSend(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, noSignal)
      }
      guard sent > 0 else { break }
      offset += sent
    }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    while true {
      let count = read(descriptor, &buffer, buffer.count)
      guard count > 0 else { break }
      received.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: received, as: UTF8.self)
  }
}

// Inside `RawHTTP` the name `send` means its own method; the system call is reached here.
private func systemSend(
  _ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32
) -> Int {
  send(descriptor, bytes, count, flags)
}

import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("koober serve --host-names")
struct ServeHostNamesTests {
  private func launch(_ arguments: [String]) throws -> ChildProcess {
    try ChildProcess(executable: BuiltProducts.executable(named: "koober"), arguments: arguments)
  }

  /// The status code `GET /v1/dev/outbox` gets with `Host: host`, sent by hand (URLSession
  /// writes its own `Host`).
  private func outboxStatus(port: UInt16, host: String) async -> Int? {
    await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: Self.exchange(port: port, host: host))
      }.start()
    }
  }

  private static func exchange(port: UInt16, host: String) -> Int? {
    #if canImport(Darwin)
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let descriptor = socket(
        AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #endif
    guard descriptor >= 0 else { return nil }
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
    guard connected == 0 else { return nil }
    let request = Data(
      "GET /v1/dev/outbox?to=a%40b.c HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n".utf8)
    let sent = request.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    guard sent == request.count else { return nil }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(descriptor, &buffer, buffer.count)
    guard count >= 12 else { return nil }
    return Int(String(decoding: buffer[9..<12], as: UTF8.self))
  }

  @Test("the names given are answered beside the address and localhost; others get 421")
  func extraNames() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve-names")
    defer { folder.remove() }
    let server = try launch([
      "serve", "--port", "0", "--data-dir", folder.path("data"), "--demo",
      "--host-names", "koober.test, Proxy.Example.",
    ])
    let line = try #require(await server.readLine())
    let port = try #require(line.split(separator: ":").last.flatMap { UInt16($0) })
    for host in ["127.0.0.1:\(port)", "localhost", "koober.test:8443", "proxy.example"] {
      #expect(await outboxStatus(port: port, host: host) == 200, "\(host)")
    }
    for host in ["rebind.attacker.example", "koober.test.evil"] {
      #expect(await outboxStatus(port: port, host: host) == 421, "\(host)")
    }
    server.signal(SIGTERM)
    #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(0))
  }

  @Test(
    "a name with a port, a scheme or a space is a usage error, in English and Chinese",
    arguments: [("en", "'--host-names' needs host names"), ("zh-Hans", "'--host-names' 需要")])
  func invalidName(language: String, expected: String) async throws {
    for value in ["koober.test:8443", "http://koober.test", "a b", "ok.test,"] {
      let server = try launch(["serve", "--lang", language, "--host-names", value])
      #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(2), "\(value)")
      #expect(await server.readOutputToEnd() == "")
      #expect(await server.readErrorToEnd().contains(expected), "\(value)")
    }
  }
}

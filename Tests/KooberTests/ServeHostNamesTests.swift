import Foundation
import TestSupport
import Testing

@Suite("koober serve --host-names")
struct ServeHostNamesTests {
  /// The status code `GET /v1/dev/outbox` gets with `Host: host`, sent by hand (URLSession
  /// writes its own `Host`).
  private func outboxStatus(port: UInt16, host: String) async -> Int? {
    await RawClient.request(
      port: port, "GET", "/v1/dev/outbox?to=a%40b.c", headers: ["Host: \(host)"])?.status
  }

  @Test("the names given are answered beside the address and localhost; others get 421")
  func extraNames() async throws {
    let folder = try TemporaryDirectory(prefix: "koober-serve-names")
    defer { folder.remove() }
    let server = try KooberBinary.launch([
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
      let server = try KooberBinary.launch(["serve", "--lang", language, "--host-names", value])
      #expect(await server.waitForExit(timeout: .seconds(30)) == .exited(2), "\(value)")
      #expect(await server.readOutputToEnd() == "")
      #expect(await server.readErrorToEnd().contains(expected), "\(value)")
    }
  }
}

import Foundation
import LoopbackServer
import TestSupport
import Testing

@Suite("Two Authorization headers, and control characters in error messages")
struct SmallTrustTests {
  @Test("a request with two Authorization headers answers 400; one is fine")
  func twoAuthorizations() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/me") { _ in .json(raw: #"{"ok": true}"#) }
    let twice =
      "GET /me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n"
      + "Connection: close\r\n\r\n"
    let refused = try #require(await RawClient.exchange(port: server.port, twice))
    #expect(refused.status == 400)
    #expect(refused.errorCode?.hasPrefix("malformed") == true)
    let once = "GET /me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nConnection: close\r\n\r\n"
    let served = try #require(await RawClient.exchange(port: server.port, once))
    #expect(served.status == 200)
  }

  @Test("a 404 names the path without its control characters")
  func notFoundIsPrintable() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let request = "GET /a%00b%1B%5B31mc HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 404)
    let body = exchange.text.split(separator: "\r\n\r\n").last.map(String.init) ?? ""
    #expect(!body.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(!body.contains("\\u0000") && !body.contains("\\u001b") && !body.contains("\\u001B"))
  }
}

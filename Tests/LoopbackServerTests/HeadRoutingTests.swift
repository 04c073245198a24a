import Foundation
import LoopbackServer
import TestSupport
import Testing

@Suite("HEAD routing")
struct HeadRoutingTests {
  @Test("with headUsesGetRoute off, HEAD to a GET route is 405 with Allow, and never runs it")
  func headUsesGetRouteOff_answers405() async throws {
    let server = try LoopbackServer(
      configuration: LoopbackServer.Configuration(headUsesGetRoute: false))
    defer { server.stop() }
    server.route(.get, "/page") { _ in .text("hello") }
    server.route(.post, "/page") { _ in .text("posted") }
    let exchange = try #require(
      await RawClient.exchange(
        port: server.port, "HEAD /page HTTP/1.1\r\nConnection: close\r\n\r\n"))
    let head = exchange.text
    #expect(head.hasPrefix("HTTP/1.1 405 Method Not Allowed\r\n"))
    #expect(head.contains("\r\nAllow: GET, POST\r\n"))
    #expect(head.hasSuffix("Connection: close\r\n\r\n"))
    let get = try #require(
      await RawClient.exchange(port: server.port, "GET /page HTTP/1.1\r\nConnection: close\r\n\r\n")
    )
    #expect(get.text.hasSuffix("\r\n\r\nhello"))
  }

  @Test("an explicit HEAD route still answers HEAD when the GET fallback is off")
  func explicitHeadRoute_stillAnswers() async throws {
    let server = try LoopbackServer(
      configuration: LoopbackServer.Configuration(headUsesGetRoute: false))
    defer { server.stop() }
    server.route(.get, "/page") { _ in .text("hello") }
    server.route(.head, "/page") { _ in .text("hi") }
    let exchange = try #require(
      await RawClient.exchange(
        port: server.port, "HEAD /page HTTP/1.1\r\nConnection: close\r\n\r\n"))
    #expect(exchange.text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(exchange.text.contains("Content-Length: 2\r\n"))
  }
}

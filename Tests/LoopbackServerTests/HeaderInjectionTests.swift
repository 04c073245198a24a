import Foundation
import LoopbackServer
import TestSupport
import Testing

@Suite("Response headers cannot split a response")
struct HeaderInjectionTests {
  /// A server whose `/echo` copies the decoded `v` query value into a response header, the
  /// mistake a handler makes, and whose `/named` uses the decoded `n` value as a header name.
  private func echoServer() throws -> LoopbackServer {
    let server = try LoopbackServer()
    server.route(.get, "/echo") { request in
      .text("ok").withHeader("X-Echo", request.query["v"] ?? "")
    }
    server.route(.get, "/named") { request in
      .text("ok").withHeader(request.query["n"] ?? "X", "1")
    }
    return server
  }

  /// The head of the first response in `exchange`, split at every LF (by Unicode scalar:
  /// `"\r\n"` is one `Character`), so each line keeps the CR before its LF.
  private func headLines(_ exchange: RawClient.Exchange) -> [String] {
    let head = exchange.text.components(separatedBy: "\r\n\r\n").first ?? ""
    return head.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String(String.UnicodeScalarView($0)) }
  }

  @Test(
    "a CR, LF, CRLF or NUL copied from the query into a header refuses the response with a 500",
    arguments: ["a%0D%0ASet-Cookie:%20x=1", "a%0ASet-Cookie:%20x=1", "a%0DSet-Cookie:%20x=1",
                "a%00b", "a%0D%0A%0D%0A<html>"])
  func controlCharactersInValue(value: String) async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /echo?v=\(value) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 500)
    #expect(exchange.errorCode == "invalid_response_header")
    let lines = headLines(exchange)
    // Nothing the handler set reaches the wire, least of all a line of the attacker's.
    #expect(!lines.contains { $0.lowercased().hasPrefix("set-cookie") })
    #expect(!lines.contains { $0.lowercased().hasPrefix("x-echo") })
    #expect(!exchange.received.contains(0))
    // Every line of the head ends with CRLF: no bare CR or LF was written.
    #expect(lines.dropLast().allSatisfy { $0.hasSuffix("\r") })
    #expect(!exchange.text.contains("<html>"))
  }

  @Test(
    "every other control character in a value refuses the response: C1's NEL and CSI, ESC, DEL",
    arguments: ["a%C2%85Set-Cookie:%20x=1", "a%C2%9B31m", "a%1B[31m", "a%7Fb"])
  func otherControlsInValue(value: String) async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /echo?v=\(value) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 500)
    #expect(exchange.errorCode == "invalid_response_header")
    #expect(!headLines(exchange).contains { $0.lowercased().hasPrefix("x-echo") })
    // Neither C1 control reaches the wire, in UTF-8 (C2 85, C2 9B) or any other form.
    #expect(!exchange.received.contains(0xC2))
  }

  @Test("a clean value copied from the query is sent as it is")
  func cleanValue() async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /echo?v=caf%C3%A9%09ok HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 200)
    #expect(headLines(exchange).contains("X-Echo: café\tok\r"))
  }

  @Test(
    "a header name that is not an RFC 9110 token refuses the response with a 500",
    arguments: ["X%20Y", "X:Y", "X%0D%0ASet-Cookie", "", "X%C3%A9", "X(Y)"])
  func invalidNames(name: String) async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /named?n=\(name) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 500)
    #expect(exchange.errorCode == "invalid_response_header")
    #expect(!headLines(exchange).contains { $0.hasSuffix(": 1\r") })
  }

  @Test("a token name is sent as it is")
  func tokenName() async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /named?n=X-Ok_1.2~ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 200)
    #expect(headLines(exchange).contains("X-Ok_1.2~: 1\r"))
  }

  @Test(
    "a request header with a bare CR, a NUL or a name that is not a token answers 400",
    arguments: ["X-A: a\rb", "X-A: a\u{0}b", "X A: b", "X\u{0}A: b", "X-A: \u{1B}[31m"])
  func incomingHeaders(line: String) async throws {
    let server = try echoServer()
    defer { server.stop() }
    let request = "GET /echo HTTP/1.1\r\nHost: x\r\n\(line)\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 400)
    #expect(exchange.errorCode == "malformed_request")
  }
}

import Foundation
import LoopbackServer
import TestSupport
import Testing

/// Issue 10's hostile clients. Serialized, so the memory and slow-client tests never overlap
/// and measure one another.
@Suite("Hardening against hostile clients", .serialized)
struct HardeningTests {
  /// A server with `/echo` (answers the body as text) and `/ok`.
  static func echoServer(_ configuration: LoopbackServer.Configuration = .init()) throws
    -> LoopbackServer
  {
    let server = try LoopbackServer(configuration: configuration)
    server.route(.post, "/echo") { request in .text(String(decoding: request.body, as: UTF8.self)) }
    server.route(.get, "/ok") { _ in .text("ok") }
    return server
  }

  /// A chunked POST to `/echo` with `body` as the bytes after the head.
  static func chunkedPost(_ body: String, encoding: String = "chunked") -> String {
    "POST /echo HTTP/1.1\r\nTransfer-Encoding: \(encoding)\r\nConnection: close\r\n\r\n" + body
  }

  @Test("a chunk size that would overflow after a first chunk answers 413; the server serves on")
  func chunkSizeOverflow() async throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    for size in ["7fffffffffffffff", "8000000000000000", "fffffffffffffffffffff"] {
      let request = Self.chunkedPost("1\r\na\r\n\(size)\r\nbbbb")
      let exchange = try #require(await RawClient.exchange(port: server.port, request))
      #expect(exchange.status == 413, "\(size)")
      #expect(exchange.errorCode == "body_too_large")
      #expect(exchange.serverClosed)
    }
    let valid = Self.chunkedPost("1\r\na\r\n0\r\n\r\n")
    let next = try #require(await RawClient.exchange(port: server.port, valid))
    #expect(next.status == 200)
    #expect(next.text.hasSuffix("\r\n\r\na"))
  }

  @Test("chunk extensions and trailers count toward the body cap together with chunk data")
  func extensionsAndTrailersCount() async throws {
    let server = try Self.echoServer(.init(maxBodyBytes: 16))
    defer { server.stop() }
    let cases: [(body: String, status: Int)] = [
      // 4 data + 4 extension + 7 trailer bytes = 15: within the cap.
      ("4;e=1\r\nabcd\r\n0\r\nX-T: 12\r\n\r\n", 200),
      ("4;name=aaaaaaaaaaaaaaaaaaaa\r\nabcd\r\n0\r\n\r\n", 413),
      ("4\r\nabcd\r\n0;name=aaaaaaaaaaaaaaaaaaaa\r\n\r\n", 413),
      ("4\r\nabcd\r\n0\r\nX-Trailer: aaaaaaaaaaaaaa\r\n\r\n", 413),
      ("1\r\na\r\n0\r\nA: 1111\r\nB: 2222\r\nC: 3333\r\n\r\n", 413),
    ]
    for (body, status) in cases {
      let request = Self.chunkedPost(body)
      let exchange = try #require(await RawClient.exchange(port: server.port, request))
      #expect(exchange.status == status, "\(body)")
      #expect(exchange.serverClosed)
    }
  }

  @Test("Transfer-Encoding other than exactly chunked answers 501 not_implemented")
  func transferEncodingMustBeChunked() async throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    for encoding in ["xchunked", "gzip, chunked", "chunked, chunked", "identity"] {
      let request = Self.chunkedPost("1\r\na\r\n0\r\n\r\n", encoding: encoding)
      let exchange = try #require(await RawClient.exchange(port: server.port, request))
      #expect(exchange.status == 501, "\(encoding)")
      #expect(exchange.errorCode == "not_implemented", "\(encoding)")
      #expect(exchange.serverClosed)
    }
    let split = "POST /echo HTTP/1.1\r\nTransfer-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n"
      + "Connection: close\r\n\r\n1\r\na\r\n0\r\n\r\n"
    #expect(await RawClient.exchange(port: server.port, split)?.status == 501)
    for encoding in ["chunked", " CHUNKED ", "Chunked"] {
      let request = Self.chunkedPost("3;x=y\r\nabc\r\n0\r\nX-T: 1\r\n\r\n", encoding: encoding)
      let exchange = try #require(await RawClient.exchange(port: server.port, request))
      #expect(exchange.status == 200, "\(encoding)")
      #expect(exchange.text.hasSuffix("\r\n\r\nabc"))
    }
  }
}

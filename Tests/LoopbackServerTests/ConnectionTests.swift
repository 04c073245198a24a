import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Connections, limits and shutdown")
struct ConnectionTests {
  @Test("sequential requests from one URLSession reuse one keep-alive connection")
  func keepAliveReuse() async throws {
    // Idle for minutes at most: a whole suite running at once can hold the client back longer
    // than the usual 30 s between two requests.
    let server = try LoopbackServer(configuration: .init(idleTimeout: 600))
    defer { server.stop() }
    server.route(.get, "/id") { request in .text("\(request.connectionID)") }
    let client = HTTPClient(server: server)
    var seen: [String] = []
    for _ in 0..<200 {
      let (_, _, body) = try await client.send("GET", "/id")
      seen.append(String(decoding: body, as: UTF8.self))
    }
    #expect(seen == Array(repeating: "1", count: 200))
    #expect(server.connectionCount == 1)
    #expect(server.requestCount == 200)
  }

  @Test("two requests written back to back on one socket get two answers in order")
  func pipelinedRequests() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/n/{n}") { request in .text(request.pathParameters["n"] ?? "") }
    let exchange = try #require(
      await RawClient.exchange(
        port: server.port,
        "GET /n/1 HTTP/1.1\r\nHost: x\r\n\r\n"
          + "GET /n/2 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
      ))
    #expect(exchange.serverClosed)
    #expect(
      exchange.text
        == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 1\r\n"
        + "Connection: keep-alive\r\n\r\n1"
        + "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 1\r\n"
        + "Connection: close\r\n\r\n2")
  }

  @Test("a body over 64 KiB answers 413 body_too_large")
  func bodyTooLarge() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/upload") { request in .text("\(request.body.count)") }
    let client = HTTPClient(server: server)
    let atCap = try await client.send("POST", "/upload", body: Data(count: 64 * 1024))
    let overCap = try await client.send("POST", "/upload", body: Data(count: 64 * 1024 + 1))
    #expect(atCap.status == 200)
    #expect(String(decoding: atCap.body, as: UTF8.self) == "65536")
    #expect(overCap.status == 413)
    #expect(overCap.body.apiError?.code == "body_too_large")
  }

  @Test("the body cap is configurable, and a route miss is answered before the cap")
  func configurableCap() async throws {
    let server = try LoopbackServer(configuration: .init(maxBodyBytes: 10))
    defer { server.stop() }
    server.route(.post, "/small") { _ in .noContent }
    let client = HTTPClient(server: server)
    let fits = try await client.send("POST", "/small", body: Data(count: 10))
    let tooBig = try await client.send("POST", "/small", body: Data(count: 11))
    let unknown = try await client.send("POST", "/elsewhere", body: Data(count: 11))
    let statuses: [Int] = [fits.status, tooBig.status, unknown.status]
    #expect(statuses == [204, 413, 404])
  }

  @Test("a malformed request line answers 400 and closes the connection")
  func malformedRequestLine() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let exchange = try #require(await RawClient.exchange(port: server.port, "HELLO\r\n\r\n"))
    #expect(exchange.serverClosed)
    #expect(exchange.text.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
    #expect(exchange.text.contains("Connection: close\r\n"))
    let body = Data(exchange.text.components(separatedBy: "\r\n\r\n").last?.utf8 ?? "".utf8)
    #expect(body.apiError?.code == "malformed_request")
  }

  @Test("malformed heads of several kinds each answer their status and never stop the server")
  func malformedHeads() async throws {
    let server = try LoopbackServer(configuration: .init(maxHeaderBytes: 1024))
    defer { server.stop() }
    server.route(.get, "/ok") { _ in .text("ok") }
    let cases: [(String, String)] = [
      ("GET /ok HTTP/1.1\r\nNo colon here\r\n\r\n", "400"),
      ("GET /ok HTTP/1.1\r\nContent-Length: 12abc\r\n\r\n", "400"),
      ("GET /ok HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "400"),
      ("GET ok HTTP/1.1\r\n\r\n", "400"),
      ("GET /%zz HTTP/1.1\r\n\r\n", "400"),
      ("GET /ok HTTP/2.0\r\n\r\n", "505"),
      ("GET /ok HTTP/1.1\r\nX-Big: \(String(repeating: "a", count: 2000))\r\n\r\n", "431"),
      ("GET /ok HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n", "501"),
      ("\u{1}\u{2}\u{3}\r\n\r\n", "400"),
    ]
    for (request, status) in cases {
      let exchange = try #require(await RawClient.exchange(port: server.port, request))
      #expect(exchange.text.hasPrefix("HTTP/1.1 \(status) "), "\(request.prefix(40))")
      #expect(exchange.serverClosed)
    }
    let (status, _, _) = try await HTTPClient(server: server).send("GET", "/ok")
    #expect(status == 200)
  }

  @Test("a client that disconnects mid-request leaves the server serving")
  func disconnectMidRequest() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/upload") { _ in .noContent }
    server.route(.get, "/ok") { _ in .text("ok") }
    let halfHead = Data("GET /ok HTTP/1.1\r\nHost: 127".utf8)
    let halfBody = Data("POST /upload HTTP/1.1\r\nContent-Length: 1000\r\n\r\nabc".utf8)
    for chunks in [[halfHead], [halfBody]] {
      let gone = await RawClient.exchange(
        port: server.port, chunks: chunks, closeAfterSending: true)
      #expect(gone != nil)
    }
    let (status, _, body) = try await HTTPClient(server: server).send("GET", "/ok")
    #expect(status == 200)
    #expect(String(decoding: body, as: UTF8.self) == "ok")
  }

  @Test("after stop() connections are refused, and stop() may be called again")
  func stopRefusesConnections() async throws {
    let server = try LoopbackServer()
    server.route(.get, "/ok") { _ in .text("ok") }
    #expect(await RawClient.canConnect(port: server.port))
    server.stop()
    server.stop()
    #expect(server.isRunning == false)
    #expect(await RawClient.canConnect(port: server.port) == false)
  }

  @Test("stop() cancels a handler that is still waiting, instead of waiting for it")
  func stopCancelsSlowHandler() async throws {
    let server = try LoopbackServer()
    let started = AsyncStream<Void>.makeStream()
    // Whether the handler's 30-second sleep was cut short by cancellation.
    let ended = AsyncStream<Bool>.makeStream()
    server.route(.get, "/slow") { _ in
      started.continuation.yield()
      try? await Task.sleep(for: .seconds(30))
      ended.continuation.yield(Task.isCancelled)
      return .text(Task.isCancelled ? "cancelled" : "finished")
    }
    let request = Task { try await HTTPClient(server: server).send("GET", "/slow") }
    var iterator = started.stream.makeAsyncIterator()
    await iterator.next()
    server.stop()
    var endings = ended.stream.makeAsyncIterator()
    #expect(await endings.next() == true)
    _ = try? await request.value
  }
}

import Foundation
import LoopbackServer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("Deliveries, framing and concurrency")
struct DeliveryTests {
  @Test("raw bytes are written verbatim, then the connection closes")
  func rawBytes() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/raw") { _ in .raw(Data("HTTP/1.1 200 OK\r\nbroken".utf8)) }
    let exchange = try #require(
      await RawClient.exchange(port: server.port, "GET /raw HTTP/1.1\r\n\r\n"))
    #expect(exchange.text == "HTTP/1.1 200 OK\r\nbroken")
    #expect(exchange.serverClosed)
  }

  @Test("a truncated response announces the whole body but sends part of it")
  func truncated() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/cut") { _ in .truncated(body: Data("0123456789".utf8), sendingBytes: 4) }
    let exchange = try #require(
      await RawClient.exchange(port: server.port, "GET /cut HTTP/1.1\r\n\r\n"))
    #expect(exchange.serverClosed)
    #expect(exchange.text.contains("Content-Length: 10\r\n"))
    #expect(exchange.text.hasSuffix("\r\n\r\n0123"))
    await #expect(throws: (any Error).self) {
      try await HTTPClient(server: server).send("GET", "/cut")
    }
  }

  @Test("a dropped connection gives URLSession an error and the server keeps serving")
  func dropConnection() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/drop") { _ in .dropConnection }
    server.route(.get, "/ok") { _ in .text("ok") }
    let exchange = try #require(
      await RawClient.exchange(port: server.port, "GET /drop HTTP/1.1\r\n\r\n"))
    #expect(exchange.received.isEmpty)
    #expect(exchange.serverClosed)
    let client = HTTPClient(server: server)
    await #expect(throws: (any Error).self) { try await client.send("GET", "/drop") }
    #expect(try await client.send("GET", "/ok").status == 200)
  }

  @Test("HEAD is answered by the GET route without a body")
  func headUsesGet() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/page") { _ in .text("hello") }
    let exchange = try #require(
      await RawClient.exchange(
        port: server.port, "HEAD /page HTTP/1.1\r\nConnection: close\r\n\r\n"))
    #expect(
      exchange.text
        == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 5\r\n"
        + "Connection: close\r\n\r\n")
  }

  @Test("a chunked body is decoded, and Expect: 100-continue gets its interim answer")
  func chunkedAndContinue() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.post, "/echo") { request in HTTPResponse(body: request.body) }
    let chunked = try #require(
      await RawClient.exchange(
        port: server.port,
        "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
          + "5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nTrailer: x\r\n\r\n"))
    #expect(chunked.text.hasSuffix("\r\n\r\nhello world"))
    // Only the head is sent: the server must invite the body before the client sends it.
    let head = "POST /echo HTTP/1.1\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n"
    let invited = try #require(
      await RawClient.exchange(
        port: server.port, chunks: [Data(head.utf8)],
        until: { String(decoding: $0, as: UTF8.self).hasSuffix("\r\n\r\n") }))
    #expect(invited.text == "HTTP/1.1 100 Continue\r\n\r\n")
    #expect(invited.serverClosed == false)
  }

  @Test("ten connections are served at once")
  func concurrentConnections() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    let gate = Gate(needed: 10)
    server.route(.get, "/wait/{n}") { request in
      let allArrived = await gate.arriveAndWait(timeout: .seconds(60))
      return .text("\(request.pathParameters["n"] ?? "")-\(allArrived)")
    }
    let answers = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<10 {
        group.addTask {
          // One session per task so each request gets its own connection.
          let (_, _, body) = try await HTTPClient(server: server).send("GET", "/wait/\(index)")
          return String(decoding: body, as: UTF8.self)
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(answers) == Set((0..<10).map { "\($0)-true" }))
    #expect(server.connectionCount == 10)
  }
}

/// Lets handlers wait until `needed` of them are running at once: proof of concurrency that
/// needs no timing assertion.
actor Gate {
  private let needed: Int
  private var arrived = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(needed: Int) {
    self.needed = needed
  }

  /// True when all `needed` arrived before `timeout`.
  func arriveAndWait(timeout: Duration) async -> Bool {
    arrived += 1
    if arrived >= needed {
      waiters.forEach { $0.resume() }
      waiters.removeAll()
      return true
    }
    let deadline = ContinuousClock.now + timeout
    while arrived < needed, ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(10))
    }
    return arrived >= needed
  }
}

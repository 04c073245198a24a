import Foundation
import LoopbackServer
import TestSupport
import Testing

extension HardeningTests {
  @Test("50 connections trickling heads are cut off at the head deadline; others are served")
  func slowHeads() async throws {
    let deadline: TimeInterval = 2
    let server = try Self.echoServer(.init(headTimeout: deadline))
    defer { server.stop() }
    let head = Data("GET /ok HTTP/1.1\r\nX-Slow: \(String(repeating: "a", count: 100))".utf8)
    let start = Date()
    async let trickles = withTaskGroup(of: (RawClient.Exchange?, TimeInterval).self) { group in
      for _ in 0..<50 {
        group.addTask {
          let exchange = await TestSocket.onOwnThread {
            TestSocket(port: server.port)?.trickle(head, every: 0.5, timeout: 15)
          }
          return (exchange, Date().timeIntervalSince(start))
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    try await Task.sleep(for: .seconds(1))
    let asked = Date()
    let normal = await RawClient.exchange(
      port: server.port, "GET /ok HTTP/1.1\r\nConnection: close\r\n\r\n", timeout: 5)
    #expect(normal?.status == 200)
    #expect(Date().timeIntervalSince(asked) < 1)
    let results = await trickles
    #expect(results.count == 50)
    for (exchange, elapsed) in results {
      #expect(exchange?.serverClosed == true)
      #expect(exchange?.status == 408)
      #expect(exchange?.errorCode == "request_timeout")
      // Generous for a loaded machine, and far below the 50 s the trickle would take.
      #expect(elapsed < deadline + 6, "closed after \(elapsed) s")
    }
  }

  @Test("a body trickling past the body deadline answers 408 and is closed")
  func slowBody() async throws {
    let deadline: TimeInterval = 1.5
    let server = try Self.echoServer(.init(bodyTimeout: deadline))
    defer { server.stop() }
    let heads = [
      "POST /echo HTTP/1.1\r\nContent-Length: 100\r\n\r\n",
      "POST /echo HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n64\r\n",
    ]
    for head in heads {
      let start = Date()
      let exchange = await TestSocket.onOwnThread {
        TestSocket(port: server.port)?.trickle(
          Data(repeating: UInt8(ascii: "b"), count: 100), after: Data(head.utf8), every: 0.3,
          timeout: 15)
      }
      let elapsed = Date().timeIntervalSince(start)
      #expect(exchange?.serverClosed == true, "\(head)")
      #expect(exchange?.status == 408, "\(head)")
      #expect(elapsed < deadline + 6, "closed after \(elapsed) s")
    }
  }

  @Test("a client that never reads a large response is dropped after the write timeout")
  func clientThatNeverReads() async throws {
    let body = Data(repeating: UInt8(ascii: "z"), count: 8 * 1024 * 1024)
    let server = try Self.echoServer(.init(writeTimeout: 1, maxConnections: 1))
    defer { server.stop() }
    server.route(.get, "/big") { _ in HTTPResponse(body: body) }
    let stalled = try #require(
      await TestSocket.onOwnThread { TestSocket(port: server.port, receiveBufferBytes: 4096) })
    let request = Data("GET /big HTTP/1.1\r\n\r\n".utf8)
    #expect(await TestSocket.onOwnThread { stalled.sendAll(request) })
    // The only slot is taken until the server gives up writing; then a new client is served.
    var served = false
    let giveUp = Date(timeIntervalSinceNow: 20)
    while !served, Date() < giveUp {
      let answer = await RawClient.exchange(
        port: server.port, "GET /ok HTTP/1.1\r\nConnection: close\r\n\r\n", timeout: 5)
      served = answer?.status == 200
      if !served { try await Task.sleep(for: .milliseconds(200)) }
    }
    #expect(served)
    let late = await TestSocket.onOwnThread { stalled.receive(for: 20) }
    #expect(late.serverClosed)
    #expect(late.received.count < body.count)
  }
}

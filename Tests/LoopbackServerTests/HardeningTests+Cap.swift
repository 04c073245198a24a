import Foundation
import LoopbackServer
import TestSupport
import Testing

extension HardeningTests {
  @Test("past the connection cap a new connection gets 503 server_busy at once and is closed")
  func connectionCap() async throws {
    let server = try Self.echoServer(.init(maxConnections: 2))
    defer { server.stop() }
    let request = Data("GET /ok HTTP/1.1\r\n\r\n".utf8)
    // Two kept-alive connections, each served once and then idle.
    let held = await TestSocket.onOwnThread { () -> [TestSocket] in
      (0..<2).compactMap { _ in
        guard let socket = TestSocket(port: server.port), socket.sendAll(request) else {
          return nil
        }
        let answer = socket.receive(for: 60) { String(decoding: $0, as: UTF8.self).hasSuffix("ok") }
        return answer.status == 200 ? socket : nil
      }
    }
    try #require(held.count == 2)
    // Timed on the client's own thread: a suite running at once can keep the test's task from
    // resuming for many seconds, but not a thread that is waiting on its socket. The server's
    // idle timeout is 30 s: an answer well before it was written at once, not after a wait.
    let (answer, seconds) = await TestSocket.onOwnThread {
      () -> (RawClient.Exchange?, TimeInterval) in
      let start = Date()
      guard let socket = TestSocket(port: server.port) else { return (nil, 0) }
      return (socket.receive(for: 60), Date().timeIntervalSince(start))
    }
    let turnedAway = try #require(answer)
    #expect(seconds < 10)
    #expect(turnedAway.status == 503)
    #expect(turnedAway.errorCode == "server_busy")
    #expect(turnedAway.serverClosed)
    #expect(server.connectionCount == 2)
    // Once one held connection closes, its slot serves a new client.
    let freed = held[0]
    await TestSocket.onOwnThread { freed.shutdownBoth() }
    var status: Int?
    let giveUp = Date(timeIntervalSinceNow: 10)
    while status != 200, Date() < giveUp {
      let answer = await RawClient.exchange(
        port: server.port, "GET /ok HTTP/1.1\r\nConnection: close\r\n\r\n", timeout: 5)
      status = answer?.status
      if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
    }
    #expect(status == 200)
    _ = held
  }
}

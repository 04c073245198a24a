import Foundation
import LoopbackServer
import TestSupport
import Testing

extension HardeningTests {
  /// What streaming a trailer flood produced.
  struct Flood: Sendable {
    let sent: Int
    /// The largest resident memory seen while sending; nil without `/proc`.
    let peakMemory: Int?
    let answer: RawClient.Exchange
  }

  @Test("50 MB of trailers are refused, and the server's memory grows by less than 16 MB")
  func trailerFlood() async throws {
    let server = try Self.echoServer()
    defer { server.stop() }
    // Warm up, so the first connection's own allocations are not counted.
    let warm = await RawClient.exchange(port: server.port, Self.chunkedPost("1\r\na\r\n0\r\n\r\n"))
    #expect(warm?.status == 200)
    let before = ResidentMemory.bytes()
    let total = 50 * 1024 * 1024
    let flood = try #require(
      await TestSocket.onOwnThread { Self.floodTrailers(port: server.port, total) })
    #expect(flood.sent < total)
    #expect(flood.answer.status == 413 || flood.answer.serverClosed)
    if let before, let peak = flood.peakMemory {
      #expect(peak - before < 16 * 1024 * 1024, "grew by \(peak - before) bytes")
    }
  }

  /// Sends a chunked head and its last chunk, then streams trailer lines until `total` bytes
  /// went out or the server answers or closes, sampling memory every MiB.
  private static func floodTrailers(port: UInt16, _ total: Int) -> Flood? {
    guard let socket = TestSocket(port: port),
      socket.sendAll(Data(chunkedPost("1\r\na\r\n0\r\n").utf8))
    else { return nil }
    let line = "X-Pad: " + String(repeating: "a", count: 1015) + "\r\n"
    let block = Data(String(repeating: line, count: 64).utf8)
    var sent = 0
    var peak = ResidentMemory.bytes()
    let deadline = Date(timeIntervalSinceNow: 60)
    while sent < total, Date() < deadline, !socket.waitReadable(milliseconds: 0) {
      guard let count = socket.sendNow(block[(sent % block.count)...]) else { break }
      if count == 0 {
        _ = socket.waitReadable(milliseconds: 10)
      } else if (sent + count) >> 20 != sent >> 20, let now = ResidentMemory.bytes() {
        peak = max(peak ?? now, now)
      }
      sent += count
    }
    return Flood(sent: sent, peakMemory: peak, answer: socket.receive(for: 5))
  }
}

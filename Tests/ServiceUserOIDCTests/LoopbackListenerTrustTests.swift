import Foundation
import LoginCore
import ServiceUserOIDC
import Testing
import WireFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loopback agent's listener under pressure (issue 30's review): accepted connections
/// are close-on-exec from the start, a failing `poll` or a broken listener ends the wait
/// instead of spinning, and a flood of idle connections never evicts a browser mid-request.
@Suite("LoopbackUserAgent: the listener under pressure")
struct LoopbackListenerTrustTests {
  static let request = URL(string: "https://id.example.com/authorize?state=right-state")!

  /// Sends `text` without raising `SIGPIPE` should the agent have closed the connection.
  static func transmit(_ text: String, on fd: Int32) -> Bool {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      var on: Int32 = 1
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      let flags: Int32 = 0
    #endif
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, flags) }
      == bytes.count
  }

  /// The status code of the answer on `fd` (`nil`: none within 5 s, or the connection was
  /// closed without one).
  static func status(on fd: Int32) -> Int? {
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var answer = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = recv(fd, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    let line = String(decoding: answer.prefix(40), as: UTF8.self)
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
  }

  @Test("accepted connections are close-on-exec and non-blocking from accept4 on, where it exists")
  func atomicCloseOnExec() async throws {
    #if os(Linux)
      // Glibc has had accept4 since 2.10: the fcntl-after-accept window must be gone.
      #expect(LoopbackUserAgent.acceptsCloseOnExecAtomically)
    #endif
    let agent = try LoopbackUserAgent(timeLimit: .seconds(120)) { _ in }
    let port = try #require(agent.redirectURI.port)
    let task = Task { try await agent.authorize(Self.request) }
    let client = LoopbackAnswerTests.connectTo(port)
    defer { close(client) }
    // Until the agent has taken the connection (at once on an idle machine; later on one
    // busy with the whole suite).
    var accepted: [Int32] = []
    let clock = ContinuousClock()
    let giveUp = clock.now + .seconds(60)
    while accepted.isEmpty, clock.now < giveUp {
      try await Task.sleep(for: .milliseconds(50))
      accepted = LoopbackAnswerTests.sockets(onPort: port).filter { fd in
        var listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0
          && listening == 0
      }
    }
    #expect(accepted.count == 1, "the agent's side of the connection")
    #expect(accepted.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
    #expect(accepted.allSatisfy { fcntl($0, F_GETFL) & O_NONBLOCK != 0 })
    let head = "GET /callback?code=c&state=right-state HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n"
    #expect(Self.transmit(head, on: client))
    #expect(Self.status(on: client) == 200)
    _ = try await task.value
  }

  @Test("a poll that fails but for a signal ends the wait as interrupted, without spinning")
  func failingPoll() throws {
    let agent = try LoopbackUserAgent(timeLimit: .seconds(10)) { _ in }
    let calls = Locked(0)
    let clock = ContinuousClock()
    let began = clock.now
    // Three signals, then a failure that would repeat every time (EINVAL: too many entries).
    let result = agent.wait(on: -1, state: "right-state") { _, _ in
      let call = calls.withLock { count -> Int in
        count += 1
        return count
      }
      return (-1, call <= 3 ? EINTR : EINVAL)
    }
    #expect(result == .failure(.refused(.signInInterrupted)))
    #expect(calls.withLock { $0 } == 4, "EINTR is retried; the other failure is not")
    #expect(clock.now - began < .seconds(5), "well before the 10 s time limit")
  }

  #if os(Linux)
    @Test("a listener poll reports broken (POLLHUP) ends the wait as interrupted, at once")
    func brokenListener() throws {
      let agent = try LoopbackUserAgent(timeLimit: .seconds(10)) { _ in }
      // A stream socket that never listened: poll reports it hung up, accept always fails.
      let unlistened = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      try #require(unlistened >= 0)
      defer { close(unlistened) }
      let calls = Locked(0)
      let clock = ContinuousClock()
      let began = clock.now
      let result = agent.wait(on: unlistened, state: "right-state") { entries, milliseconds in
        calls.withLock { $0 += 1 }
        return LoopbackUserAgent.systemPoll(&entries, milliseconds)
      }
      #expect(result == .failure(.refused(.signInInterrupted)))
      #expect(calls.withLock { $0 } == 1)
      #expect(clock.now - began < .seconds(5), "well before the 10 s time limit")
    }
  #endif

  @Test("idle connections past the cap evict idle ones, never a browser midway through its head")
  func evictionSparesARequestUnderWay() async throws {
    let agent = try LoopbackUserAgent(
      path: "/callback", timeLimit: .seconds(120), requestTimeLimit: .seconds(60), prompt: nil,
      loginHint: nil
    ) { _ in }
    let port = try #require(agent.redirectURI.port)
    let task = Task { try await agent.authorize(Self.request) }
    var idle = [Int32]()
    defer { for fd in idle { close(fd) } }
    /// Opens `count` connections that send nothing, a few at a time (the backlog is 16).
    func openIdle(_ count: Int) async throws {
      for batch in stride(from: 0, to: count, by: 8) {
        idle += (batch..<min(count, batch + 8)).map { _ in LoopbackAnswerTests.connectTo(port) }
        try await Task.sleep(for: .milliseconds(50))
      }
      try await Task.sleep(for: .milliseconds(300))
    }
    try await openIdle(LoopbackUserAgent.maximumConnections)
    // The browser's connection begins its request, slowly: the first line only.
    let browser = LoopbackAnswerTests.connectTo(port)
    defer { close(browser) }
    try #require(browser >= 0)
    #expect(Self.transmit("GET /callback?code=c&state=right-state HTTP/1.1\r\n", on: browser))
    try await Task.sleep(for: .milliseconds(300))
    // More idle connections than the cap: an agent evicting the oldest closes the browser's.
    try await openIdle(LoopbackUserAgent.maximumConnections + 8)
    #expect(idle.allSatisfy { $0 >= 0 })
    #expect(Self.transmit("Host: 127.0.0.1:\(port)\r\n\r\n", on: browser))
    let status = Self.status(on: browser)
    #expect(status == 200, "the browser's request survived the flood")
    if status != 200 { task.cancel() }
    #expect(try await task.value.query == "code=c&state=right-state")
  }
}

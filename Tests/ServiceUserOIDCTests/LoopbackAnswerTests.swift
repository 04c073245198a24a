import Foundation
import LoginCore
import ServiceUserOIDC
import TestSupport
import Testing
import WireFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The loopback agent takes only the answer to its own request (issue 30, findings 2, 3, 11):
/// a forged `state`, another `Host`, idle connections and stray paths neither end nor delay
/// the sign-in; its sockets are close-on-exec.
@Suite("LoopbackUserAgent: only the right answer ends the wait")
struct LoopbackAnswerTests {
  /// A connected TCP socket to the agent's port, or -1.
  static func connectTo(_ port: Int) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(fd)
      return -1
    }
    return fd
  }

  /// Sends `head` as written and reads the answer's status code (`nil`: none in 60 s, long
  /// enough for a machine busy with the whole suite).
  static func exchange(_ head: String, to port: Int) async -> Int? {
    // Its own thread: a blocking read on a cooperative thread waits behind every other test.
    await TestSocket.onOwnThread {
      let fd = connectTo(port)
      guard fd >= 0 else { return nil }
      defer { close(fd) }
      var timeout = timeval(tv_sec: 60, tv_usec: 0)
      _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      let bytes = Array(head.utf8)
      guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count
      else { return nil }
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
  }

  /// The status a GET of `target` with the given `Host` lines gets.
  static func status(_ target: String, hosts: [String], port: Int) async -> Int? {
    await exchange(get(target, hosts: hosts), to: port)
  }

  /// A GET of `target` with the given `Host` lines.
  static func get(_ target: String, hosts: [String]) -> String {
    "GET \(target) HTTP/1.1\r\n" + hosts.map { "Host: \($0)\r\n" }.joined() + "\r\n"
  }

  static let request = URL(string: "https://id.example.com/authorize?state=right-state")!

  @Test("a callback with a forged state gets 400 and the agent keeps waiting for the real one")
  func forgedState() async throws {
    let agent = try LoopbackUserAgent(timeLimit: .seconds(120)) { _ in }
    let port = try #require(agent.redirectURI.port)
    let task = Task { try await agent.authorize(Self.request) }
    let host = ["127.0.0.1:\(port)"]
    #expect(
      await Self.status("/callback?code=evil&state=guessed", hosts: host, port: port)
        == 400)
    #expect(await Self.status("/callback?code=evil", hosts: host, port: port) == 400)
    // A provider's refusal of this very request still ends the wait, as the real answer.
    let refusal = "/callback?error=access_denied&state=right-state"
    #expect(await Self.status(refusal, hosts: host, port: port) == 200)
    let back = try await task.value
    #expect(back.query == "error=access_denied&state=right-state")
  }

  @Test("a Host that is not the agent's own address is refused; the real answer still ends it")
  func wrongHost() async throws {
    let agent = try LoopbackUserAgent(timeLimit: .seconds(120)) { _ in }
    let port = try #require(agent.redirectURI.port)
    let task = Task { try await agent.authorize(Self.request) }
    let target = "/callback?code=c&state=right-state"
    #expect(await Self.status(target, hosts: ["rebind.attacker.example"], port: port) == 421)
    #expect(await Self.status(target, hosts: ["127.0.0.1:\(port + 1)"], port: port) == 421)
    #expect(await Self.status(target, hosts: [], port: port) == 400)
    let twice = ["127.0.0.1:\(port)", "127.0.0.1:\(port)"]
    #expect(await Self.status(target, hosts: twice, port: port) == 400)
    #expect(await Self.status(target, hosts: ["LOCALHOST:\(port)"], port: port) == 200)
    #expect(try await task.value.query == "code=c&state=right-state")
  }

  @Test("idle connections held open do not delay the real callback")
  func idleConnections() async throws {
    // Each idle connection may hold 60 s: an agent that read them one at a time would keep
    // the real callback waiting minutes, however busy the machine is.
    let agent = try LoopbackUserAgent(
      path: "/callback", timeLimit: .seconds(600), requestTimeLimit: .seconds(60), prompt: nil,
      loginHint: nil
    ) { _ in }
    let port = try #require(agent.redirectURI.port)
    let task = Task { try await agent.authorize(Self.request) }
    // Preconnects (or a local program) that never send a request, opened first.
    let idle = (0..<5).map { _ in Self.connectTo(port) }
    defer { for fd in idle { close(fd) } }
    #expect(idle.allSatisfy { $0 >= 0 })
    try await Task.sleep(for: .milliseconds(100))
    let clock = ContinuousClock()
    let began = clock.now
    let status = await Self.status(
      "/callback?code=c&state=right-state", hosts: ["127.0.0.1:\(port)"], port: port)
    _ = try await task.value
    #expect(status == 200)
    #expect(clock.now - began < .seconds(30), "each idle connection may take 60 s alone")
  }

  @Test(
    "the redirect path matches in its percent-encoded form",
    arguments: [
      ("/call%20back", "/call%20back", "/call back"), ("/a%2Fb", "/a%2fb", "/a/b"),
      ("/done/", "/done/", "/done"), ("/%7Eann", "/~ann", "/%7Fann"),
    ])
  func pathForms(path: String, sent: String, stray: String) async throws {
    let agent = try LoopbackUserAgent(path: path, timeLimit: .seconds(120)) { _ in }
    let port = try #require(agent.redirectURI.port)
    #expect(agent.redirectURI.absoluteString == "http://127.0.0.1:\(port)\(path)")
    let task = Task { try await agent.authorize(Self.request) }
    let host = ["127.0.0.1:\(port)"]
    if !stray.contains(" ") {
      #expect(await Self.status(stray + "?state=right-state", hosts: host, port: port) == 404)
    }
    #expect(
      await Self.status(sent + "?code=c&state=right-state", hosts: host, port: port)
        == 200)
    #expect(try await task.value.path(percentEncoded: true) == sent)
  }

  @Test("a path that cannot be part of an address is refused at once")
  func invalidPath() {
    #expect(throws: LoopbackUserAgentError.invalidPath("/call back")) {
      try LoopbackUserAgent(path: "/call back") { _ in }
    }
    #expect(throws: LoopbackUserAgentError.invalidPath("/cb?x=1")) {
      try LoopbackUserAgent(path: "/cb?x=1") { _ in }
    }
  }

  /// The descriptors of this process that are TCP sockets on `port`, local side.
  static func sockets(onPort port: Int) -> [Int32] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
    return names.compactMap(Int32.init).filter { fd in
      var address = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      return named == 0 && address.sin_family == sa_family_t(AF_INET)
        && Int(UInt16(bigEndian: address.sin_port)) == port
    }
  }

  @Test("the listening socket and every accepted one are close-on-exec")
  func closeOnExec() async throws {
    let agent = try LoopbackUserAgent(timeLimit: .seconds(120)) { _ in }
    let port = try #require(agent.redirectURI.port)
    let listening = Self.sockets(onPort: port)
    #expect(listening.count == 1)
    #expect(listening.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
    let task = Task { try await agent.authorize(Self.request) }
    let client = Self.connectTo(port)
    defer { close(client) }
    try await Task.sleep(for: .milliseconds(500))
    // The agent's side of the connection has the port as its local one too.
    let open = Self.sockets(onPort: port)
    #expect(open.count == 2, "the listener and the accepted connection")
    #expect(open.allSatisfy { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 })
    #expect(
      await Self.status(
        "/callback?code=c&state=right-state", hosts: ["127.0.0.1:\(port)"], port: port)
        == 200)
    _ = try await task.value
  }

  @Test("a form request: the page posts the fields, escaped, and the form's state is awaited")
  func postedForm() async throws {
    let opened = Locked<BrowserPage?>(nil)
    let agent = try LoopbackUserAgent(path: "/signed-out", timeLimit: .seconds(120)) { page in
      opened.withLock { $0 = page }
    }
    let port = try #require(agent.redirectURI.port)
    let endpoint = URL(string: "https://id.example.com/logout")!
    let fields = [
      URLQueryItem(name: "id_token_hint", value: "eyJ.\"><script>x</script>"),
      URLQueryItem(name: "state", value: "logout-state"),
    ]
    let task = Task { try await agent.authorize(posting: fields, to: endpoint) }
    try await Task.sleep(for: .milliseconds(200))
    let page = try #require(opened.withLock { $0 })
    #expect(page.posts && page.destination == endpoint && page.formFields == fields)
    #expect(page.html.contains(#"<form method="post" action="https://id.example.com/logout">"#))
    #expect(
      page.html.contains(
        #"name="id_token_hint" value="eyJ.&quot;&gt;&lt;script&gt;x&lt;/script&gt;""#))
    let host = ["127.0.0.1:\(port)"]
    #expect(await Self.status("/signed-out?state=other", hosts: host, port: port) == 400)
    #expect(
      await Self.status("/signed-out?state=logout-state", hosts: host, port: port)
        == 200)
    _ = try await task.value
  }
}

import Foundation
import NetworkClient

#if canImport(Glibc)
  import Glibc
#endif
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import WireFormat

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The loopback user agent (RFC 8252 §7.3) with a real HTTP client in the browser's place.
@Suite("LoopbackUserAgent: the browser comes back to 127.0.0.1")
struct LoopbackUserAgentTests {
  /// What a browser got when it visited a URL: the status and the page.
  static func visit(_ url: URL) async -> (Int, String)? {
    guard let (data, response) = try? await URLSession.shared.data(from: url),
      let http = response as? HTTPURLResponse
    else { return nil }
    return (http.statusCode, String(decoding: data, as: UTF8.self))
  }

  @Test("the callback is taken whole, the page says to close the window, stray paths get 404")
  func callback() async throws {
    let visits = Locked([Int]())
    let page = Locked("")
    let agent = try LoopbackUserAgent { _ in }
    #expect(agent.redirectURI.host == "127.0.0.1")
    #expect(agent.redirectURI.path == "/callback")
    let base = agent.redirectURI.absoluteString
    let browser = Task {
      for address in [base.replacingOccurrences(of: "/callback", with: "/favicon.ico"),
        base + "?code=c-1&state=s-1"]
      {
        if let (status, text) = await Self.visit(URL(string: address)!) {
          visits.withLock { $0.append(status) }
          if status == 200 { page.withLock { $0 = text } }
        }
      }
    }
    let back = try await agent.authorize(
      URL(string: "https://id.example.com/authorize?state=s-1")!)
    await browser.value
    #expect(back.absoluteString == base + "?code=c-1&state=s-1")
    #expect(visits.withLock { $0 } == [404, 200])
    #expect(page.withLock { $0 }.contains("You can close this window"))
  }

  @Test("the host's closure gets a page forwarding to the address, no loopback address to fetch")
  func opens() async throws {
    let opened = Locked<BrowserPage?>(nil)
    let agent = try LoopbackUserAgent { page in opened.withLock { $0 = page } }
    let address = URL(string: "https://id.example.com/authorize?state=s-1&x=%3C/script%3E")!
    let task = Task { await failure { try await agent.authorize(address) } }
    var handed: BrowserPage?
    for _ in 0..<200 where handed == nil {
      handed = opened.withLock { $0 }
      try await Task.sleep(for: .milliseconds(10))
    }
    let page = try #require(handed)
    #expect(page == BrowserPage(forwardingTo: address) && !page.posts)
    #expect(page.html.contains(#"<meta name="referrer" content="no-referrer">"#))
    #expect(page.html.contains("location.replace("))
    #expect(!page.html.contains("</script%3E"), "nothing from the address ends the script")
    // Nothing on the agent's port leads anywhere but the callback.
    let port = try #require(agent.redirectURI.port)
    #expect(await Self.visit(URL(string: "http://127.0.0.1:\(port)/")!)?.0 == 404)
    _ = await Self.visit(URL(string: agent.redirectURI.absoluteString + "?code=c&state=s-1")!)
    #expect(await task.value == nil)
  }

  @Test("two sign-ins at once on one agent: the second is refused at once")
  func concurrentUse() async throws {
    let agent = try LoopbackUserAgent(timeLimit: .seconds(2)) { _ in }
    let page = URL(string: "https://id.example.com/authorize")!
    let first = Task { await failure { try await agent.authorize(page) } }
    try await Task.sleep(for: .milliseconds(100))
    #expect(await failure { try await agent.authorize(page) } == .refused(.signInInterrupted))
    first.cancel()
    #expect(await first.value == .refused(.signInCancelled))
  }

  @Test("a connection that sends nothing does not hold the sign-in past a cancellation")
  func idleConnection() async throws {
    let agent = try LoopbackUserAgent(
      path: "/callback", timeLimit: .seconds(600), requestTimeLimit: .seconds(60), prompt: nil,
      loginHint: nil
    ) { _ in }
    let task = Task {
      await failure { try await agent.authorize(URL(string: "https://id.example.com/a")!) }
    }
    try await Task.sleep(for: .milliseconds(100))
    // A connection that never sends its request, as a browser's preconnect can.
    let idle = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(idle) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(agent.redirectURI.port ?? 0).bigEndian
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(idle, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    try await Task.sleep(for: .milliseconds(100))
    let clock = ContinuousClock()
    let began = clock.now
    task.cancel()
    #expect(await task.value == .refused(.signInCancelled))
    // The idle connection's own limit is 60 s here: only the cancellation ends it this soon.
    #expect(clock.now - began < .seconds(30))
  }

  @Test("nobody comes back within the time limit: expired; a second use: interrupted")
  func timeLimit() async throws {
    let agent = try LoopbackUserAgent(timeLimit: .milliseconds(300)) { _ in }
    let url = URL(string: "https://id.example.com/authorize")!
    #expect(await failure { try await agent.authorize(url) } == .refused(.signInExpired))
    #expect(await failure { try await agent.authorize(url) } == .refused(.signInInterrupted))
  }

  @Test("cancelling the waiting task ends it well before its time limit, the port closed")
  func cancelled() async throws {
    let agent = try LoopbackUserAgent { _ in }
    let task = Task {
      await failure { try await agent.authorize(URL(string: "https://id.example.com/a")!) }
    }
    try await Task.sleep(for: .milliseconds(100))
    let clock = ContinuousClock()
    let began = clock.now
    task.cancel()
    #expect(await task.value == .refused(.signInCancelled))
    // The time limit is 5 minutes: only the cancellation ends the wait this soon.
    #expect(clock.now - began < .seconds(60))
    #expect(await Self.visit(agent.redirectURI) == nil)
  }

  @Test("a whole browser sign-in: the provider's page redirects back, the code is redeemed")
  func wholeSignIn() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token", "userinfo_endpoint": "$base/userinfo",
      "authorization_endpoint": "$base/authorize",
    ])
    fake.server.route(.get, "/authorize") { request in
      let query = request.query
      let back = (query["redirect_uri"] ?? "") + "?code=code-9&state=" + (query["state"] ?? "")
      return HTTPResponse(status: 302).withHeader("Location", back)
    }
    fake.answerToken(.json(raw: FakeProvider.tokenAnswer))
    fake.server.route(.get, "/userinfo") { _ in .json(raw: #"{"sub": "u-1", "name": "Ann"}"#) }
    // Without `openid` the token answer needs no ID token: this test is about the agent.
    let api = OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
        scopes: ["profile"]))
    // The "browser" follows the provider's redirect to the agent, as a real one would.
    let agent = try LoopbackUserAgent { page in Task { _ = await Self.visit(page.destination) } }
    let session = try await api.signIn(with: agent)
    #expect(session.accessToken == "at-1")
    let form = String(
      decoding: try #require(await fake.requests.all.first).body, as: UTF8.self)
    #expect(form.contains("code=code-9"))
  }
}

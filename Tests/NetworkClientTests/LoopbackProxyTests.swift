#if os(Linux)
  import Foundation
  import Glibc
  import NetworkClient
  import Testing

  #if canImport(FoundationNetworking)
    import FoundationNetworking
  #endif

  /// The proxy variables are process-wide and libcurl reads them for every transfer, so
  /// setting them here would send every other test's requests through the capture proxy (and
  /// `setenv` races `getenv` on other threads). Each check runs in a child process of its own
  /// (an exit test) that sets them, serves, sends and exits non-zero on what it saw.
  @Suite("No proxy for loopback; close-on-exec sockets")
  struct LoopbackProxyTests {
    @Test("a capture proxy in any proxy variable gets nothing, for every loopback spelling")
    func loopbackBypassesProxy() async {
      // What the child saw is recorded there and reported here.
      await #expect(processExitsWith: .success) {
        do {
          try await ProxyProbe.run()
        } catch {
          Issue.record("\(error)")
          exit(1)
        }
      }
    }

    @Test("the descriptors CurlTransport's engine opens when it starts are close-on-exec")
    func engineDescriptorsCloseOnExec() async {
      // What the child saw is recorded there and reported here.
      await #expect(processExitsWith: .success) {
        do {
          try await EngineDescriptorProbe.run()
        } catch {
          Issue.record("\(error)")
          exit(1)
        }
      }
    }

    @Test("CurlTransport's connection to the server is close-on-exec")
    func socketsCloseOnExec() async {
      // What the child saw is recorded there and reported here.
      await #expect(processExitsWith: .success) {
        do {
          try await DescriptorProbe.run()
        } catch {
          Issue.record("\(error)")
          exit(1)
        }
      }
    }
  }

  /// What a probe saw that it should not have.
  struct ProbeFailure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs in the child: a capture proxy, direct servers on 127.0.0.1 and ::1, and requests
  /// carrying a password and a bearer token to each loopback spelling over both transports,
  /// once for each variable a proxy may be named in. The clients allow insecure HTTP, so a
  /// spelling taken for a remote host would be sent, through the proxy, rather than refused.
  enum ProxyProbe {
    static let variables = [
      "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
    ]

    /// Spellings of 127.0.0.1 that libcurl's URL parser reads as numbers (`ipv4_normalize`)
    /// and inet_pton does not, and one it decodes first.
    static let numericSpellings = [
      "127.1", "0x7f.1", "0177.0.0.1", "2130706433", "127.0.1", "%31%32%37.0.0.1",
    ]

    static func run() async throws {
      let proxy = try CaptureServer(name: "proxy")
      let ipv4 = try CaptureServer(name: "direct")
      // A machine without IPv6 loopback still checks the other spellings.
      let ipv6 = try? CaptureServer(name: "direct", ipv6: true)
      var bases = ["http://127.0.0.1:\(ipv4.port)", "http://localhost:\(ipv4.port)"]
      bases += numericSpellings.map { "http://\($0):\(ipv4.port)" }
      if let ipv6 {
        bases += ["http://[::1]:\(ipv6.port)", "http://[::1%25lo]:\(ipv6.port)"]
      }
      for variable in variables {
        for name in ProxyNames.all { unsetenv(name) }
        setenv(variable, "http://127.0.0.1:\(proxy.port)", 1)
        for transport in [CurlTransport() as any HTTPTransport, URLSessionTransport()] {
          let kind = "\(type(of: transport)) with \(variable)"
          for base in bases {
            let answer = try await signIn(at: base, over: transport)
            guard answer == "direct" else {
              throw ProbeFailure(description: "\(kind): \(base) was answered by \(answer)")
            }
          }
          // The control: libcurl does read this variable here (it ignores HTTP_PROXY for
          // http, against httpoxy), so the checks above were made with a proxy in force.
          // https_proxy names the proxy of https URLs only; the loopback servers speak http,
          // so for it the checks above prove only that an http request does not take it.
          if !["HTTP_PROXY", "https_proxy", "HTTPS_PROXY"].contains(variable) {
            let answer = try await control(over: transport)
            guard answer == "proxy" else {
              throw ProbeFailure(description: "\(kind): the control went \(answer), not proxy")
            }
          }
        }
      }
      let leaked = proxy.received.filter { !$0.contains("proxy-control.invalid") }
      guard leaked.isEmpty else {
        throw ProbeFailure(description: "the proxy received: \(leaked)")
      }
      guard ipv4.received.allSatisfy({ $0.contains("PW-SECRET") }) else {
        throw ProbeFailure(description: "a direct request lost its body: \(ipv4.received)")
      }
    }

    /// A sign-in with a password and a bearer token; returns who answered it.
    static func signIn(at base: String, over transport: any HTTPTransport) async throws
      -> String
    {
      let url = try #require(URL(string: base))
      let client = NetworkClient(
        baseURL: url, transport: transport, allowsInsecureHTTP: true, retryPolicy: .none)
      let endpoint = Endpoint(
        .post, "/v1/auth/sign-in", headers: ["Authorization": "Bearer TOKEN-SECRET"],
        body: Data(#"{"email":"ann@example.com","password":"PW-SECRET"}"#.utf8))
      let response = try await client.response(for: endpoint)
      return String(decoding: response.data, as: UTF8.self)
    }

    /// A request to a name that exists nowhere: only a proxy can answer it.
    static func control(over transport: any HTTPTransport) async throws -> String {
      let url = try #require(URL(string: "http://proxy-control.invalid/ping"))
      do {
        // Plain http off loopback is the point: only a proxy may carry it.
        let (data, _) = try await transport.send(
          URLRequest(url: url), timeout: .seconds(30), limits: .default, allowsInsecureHTTP: true)
        return String(decoding: data, as: UTF8.self)
      } catch {
        return "nowhere (\(error))"
      }
    }
  }

  /// The proxy variables a probe clears before setting one.
  enum ProxyNames {
    static let all = [
      "http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY",
      "no_proxy", "NO_PROXY",
    ]
  }

  /// Runs in the child: while CurlTransport's connection to a server is open (the server
  /// holds its answer), every descriptor opened since the engine was warm is close-on-exec.
  enum DescriptorProbe {
    static func run() async throws {
      for name in ProxyNames.all { unsetenv(name) }
      let server = try CaptureServer(name: "held", holdsAnswers: true)
      let warm = try CaptureServer(name: "warm")
      let transport = CurlTransport()
      // The engine's own descriptors come with its first transfer: EngineDescriptorProbe
      // checks those.
      _ = try await transport.send(URLRequest(url: try #require(warm.url)), timeout: .seconds(30))
      let before = openDescriptors()
      let url = try #require(server.url)
      let transfer = Task { try await transport.send(URLRequest(url: url), timeout: .seconds(30)) }
      for _ in 0..<400 where server.received.isEmpty {
        try await Task.sleep(for: .milliseconds(25))
      }
      let opened = openDescriptors().subtracting(before)
      let inherited = opened.filter { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 }
      server.release()
      _ = try await transfer.value
      guard !server.received.isEmpty, !opened.isEmpty else {
        throw ProbeFailure(description: "no connection was seen open")
      }
      guard inherited.isEmpty else {
        throw ProbeFailure(description: "descriptors without close-on-exec: \(inherited.sorted())")
      }
    }

    static func openDescriptors() -> Set<Int32> {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return Set(names.compactMap { Int32($0) }.filter { fcntl($0, F_GETFD) >= 0 })
    }
  }

  /// Runs in the child, where no transfer has started the engine yet: every descriptor still
  /// open after the first transfer (the engine's wakeup socketpair, made by curl_multi_init
  /// without close-on-exec in libcurl 7.88, and the pooled connection) is close-on-exec. The
  /// host is an IP address, so libcurl's threaded resolver (a known gap) opens nothing.
  enum EngineDescriptorProbe {
    static func run() async throws {
      for name in ProxyNames.all { unsetenv(name) }
      let server = try CaptureServer(name: "first")
      let url = try #require(server.url)
      // By number and what it is open on: a number closed and reused meanwhile is new.
      let before = Self.described()
      _ = try await CurlTransport().send(URLRequest(url: url), timeout: .seconds(30))
      let opened = Set(Self.described().subtracting(before).map(\.descriptor))
      let inherited = opened.filter { fcntl($0, F_GETFD) & FD_CLOEXEC == 0 }
      // The socketpair stays open as long as the engine: at least two descriptors.
      guard opened.count >= 2 else {
        throw ProbeFailure(description: "the engine opened no descriptors: \(opened)")
      }
      guard inherited.isEmpty else {
        let named = inherited.sorted().map { "\($0) → \(DescriptorProbe.target(of: $0))" }
        throw ProbeFailure(description: "descriptors without close-on-exec: \(named)")
      }
    }
  }

  extension EngineDescriptorProbe {
    struct Described: Hashable {
      let descriptor: Int32
      let target: String
    }

    static func described() -> Set<Described> {
      Set(
        DescriptorProbe.openDescriptors().map {
          Described(descriptor: $0, target: DescriptorProbe.target(of: $0))
        })
    }
  }

  extension DescriptorProbe {
    /// What a descriptor is open on (`socket:[123]`, a path), for a failure's message.
    static func target(of descriptor: Int32) -> String {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"))
        ?? "?"
    }
  }

  extension CaptureServer {
    var url: URL? { URL(string: "http://127.0.0.1:\(port)/\(name)") }
  }
#endif

import Foundation
import LoopbackServer
import TestSupport
import Testing

@Suite("The Host a server answers")
struct HostPolicyTests {
  /// A server answering `names` beside its own address, with one route.
  private func server(names: [String] = ["koober.test"]) throws -> LoopbackServer {
    var configuration = LoopbackServer.Configuration()
    configuration.hostPolicy = .serverNames(names)
    let server = try LoopbackServer(configuration: configuration)
    server.route(.get, "/ok") { _ in .json(raw: #"{"ok": true}"#) }
    return server
  }

  /// Sends `GET target` with the given header lines and `Connection: close`.
  private func get(
    _ server: LoopbackServer, _ target: String = "/ok", headers: [String]
  ) async throws -> RawClient.Exchange {
    let head = (["GET \(target) HTTP/1.1"] + headers + ["Connection: close"])
      .joined(separator: "\r\n")
    return try #require(await RawClient.exchange(port: server.port, head + "\r\n\r\n"))
  }

  @Test(
    "the server's own names are answered, whatever the port, case or trailing dot",
    arguments: ["127.0.0.1", "127.0.0.1:1", "localhost", "LocalHost.:8080", "koober.test",
                "KOOBER.test.:443", "koober.test:"])
  func ownNames(host: String) async throws {
    let server = try server()
    defer { server.stop() }
    let exchange = try await get(server, headers: ["Host: \(host)"])
    #expect(exchange.status == 200)
  }

  @Test(
    "another name, or another loopback address, is 421 misdirected_request",
    arguments: ["rebind.attacker.example", "127.0.0.2", "[::1]", "koober.test.evil",
                "localhost..", "0.0.0.0"])
  func otherNames(host: String) async throws {
    let server = try server()
    defer { server.stop() }
    let exchange = try await get(server, headers: ["Host: \(host)"])
    #expect(exchange.status == 421)
    #expect(exchange.errorCode == "misdirected_request")
  }

  @Test(
    "no Host, two, an empty one or one that is not host[:port] is 400 malformed_request",
    arguments: [[], ["Host: localhost", "Host: localhost"], ["Host: localhost", "host: x"],
                ["Host:"], ["Host: user@localhost"], ["Host: localhost:80a"],
                ["Host: local host"], ["Host: [::1"], ["Host: [zz::1]"], ["Host: local%68ost"],
                ["Host: localhost/ok"], ["Host: localhost:1:2"],
                // Before the transfer coding's 501: the Host rules come first.
                ["Transfer-Encoding: gzip"]])
  func malformedHosts(headers: [String]) async throws {
    let server = try server()
    defer { server.stop() }
    let exchange = try await get(server, headers: headers)
    #expect(exchange.status == 400)
    #expect(exchange.errorCode == "malformed_request")
  }

  @Test("an IPv6 literal is compared in its shortest form")
  func ipv6() async throws {
    let server = try server(names: ["[::1]"])
    defer { server.stop() }
    let exchange = try await get(server, headers: ["Host: [0:0:0:0:0:0:0:1]:8080"])
    #expect(exchange.status == 200)
  }

  @Test("an absolute-form target names the host instead of the Host field (RFC 9112 §3.2.2)")
  func absoluteForm() async throws {
    let server = try server()
    defer { server.stop() }
    let own = try await get(
      server, "http://koober.test:9/ok", headers: ["Host: rebind.attacker.example"])
    #expect(own.status == 200)
    let other = try await get(server, "http://rebind.attacker.example/ok", headers: ["Host: x"])
    #expect(other.status == 421)
    let bare = try await get(server, "HTTP://localhost", headers: ["Host: localhost"])
    #expect(bare.status == 404)
    // The field is still required once, and the target's host must be well formed.
    let noField = try await get(server, "http://localhost/ok", headers: [])
    #expect(noField.status == 400)
    let userInfo = try await get(server, "http://a@localhost/ok", headers: ["Host: localhost"])
    #expect(userInfo.status == 400)
  }

  @Test("the Host is checked before the route: an unknown path or a too-large body gets 421")
  func orderOfChecks() async throws {
    let server = try server()
    defer { server.stop() }
    server.route(.post, "/upload") { _ in .noContent }
    let missing = try await get(server, "/nowhere", headers: ["Host: evil.example"])
    #expect(missing.status == 421)
    let noHost = try await get(server, "/nowhere", headers: [])
    #expect(noHost.status == 400)
    let large = "POST /upload HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 70000\r\n\r\n"
      + String(repeating: "a", count: 70_000)
    let exchange = try #require(await RawClient.exchange(port: server.port, large))
    #expect(exchange.status == 421)
  }

  @Test(
    "another name is 421 before the head's other rules (Authorization, framing, version)",
    arguments: [
      (["Authorization: Bearer a", "Authorization: Bearer b"], "/ok", "HTTP/1.1", 400),
      (["Transfer-Encoding: gzip"], "/ok", "HTTP/1.1", 501),
      (["Transfer-Encoding: chunked", "Content-Length: 3"], "/ok", "HTTP/1.1", 400),
      ([], "/ok", "HTTP/2.0", 505),
      ([], "/o%zzk", "HTTP/1.1", 400),
    ])
  func hostBeforeHeadRules(
    headers: [String], target: String, version: String, ownNameStatus: Int
  ) async throws {
    let server = try server()
    defer { server.stop() }
    func send(host: String) async throws -> RawClient.Exchange {
      let head = (["GET \(target) \(version)", "Host: \(host)"] + headers + ["Connection: close"])
        .joined(separator: "\r\n")
      return try #require(await RawClient.exchange(port: server.port, head + "\r\n\r\n"))
    }
    let foreign = try await send(host: "rebind.attacker.example")
    #expect(foreign.status == 421)
    #expect(foreign.errorCode == "misdirected_request")
    // With the server's own name the same head still meets the rule the Host came before.
    #expect(try await send(host: "localhost").status == ownNameStatus)
  }

  @Test(
    "a request line or field line that cannot be read is 400 whatever the Host says",
    arguments: ["GET /ok HTTP/1.1 x", "GET ok HTTP/1.1", "GET /ok FTP/1.1",
                "GET /ok HTTP/1.1\r\nno colon here"])
  func unreadableHeadBeforeHost(start: String) async throws {
    let server = try server()
    defer { server.stop() }
    let request = start + "\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n"
    let exchange = try #require(await RawClient.exchange(port: server.port, request))
    #expect(exchange.status == 400)
    #expect(exchange.errorCode == "malformed_request")
  }

  @Test("a server bound to 0.0.0.0 answers localhost, loopback literals and its names only")
  func allAddresses() async throws {
    var configuration = LoopbackServer.Configuration()
    configuration.hostPolicy = .serverNames(["koober.test"])
    let server = try LoopbackServer(host: "0.0.0.0", configuration: configuration)
    defer { server.stop() }
    server.route(.get, "/ok") { _ in .json(raw: "{}") }
    for host in ["localhost", "127.0.0.1:80", "[::1]", "koober.test"] {
      #expect(try await get(server, headers: ["Host: \(host)"]).status == 200, "\(host)")
    }
    for host in ["0.0.0.0", "192.0.2.1", "evil.example"] {
      #expect(try await get(server, headers: ["Host: \(host)"]).status == 421, "\(host)")
    }
  }

  @Test("without a policy any Host, or none, is answered, as before")
  func anyHost() async throws {
    let server = try LoopbackServer()
    defer { server.stop() }
    server.route(.get, "/ok") { _ in .json(raw: "{}") }
    #expect(try await get(server, headers: []).status == 200)
    #expect(try await get(server, headers: ["Host: evil.example"]).status == 200)
  }

  @Test(
    "a configured name that is not a host refuses to start",
    arguments: ["koober.test:8080", "http://koober.test", "a b", "", "user@koober.test"])
  func invalidConfiguredName(name: String) {
    var configuration = LoopbackServer.Configuration()
    configuration.hostPolicy = .serverNames([name])
    #expect(throws: LoopbackServerError.invalidHostName(name)) {
      try LoopbackServer(configuration: configuration)
    }
  }
}

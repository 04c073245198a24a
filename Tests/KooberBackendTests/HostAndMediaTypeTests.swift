import Foundation
import KooberBackend
import TestSupport
import Testing

@Suite("The Host and Content-Type rules of API.md")
struct HostAndMediaTypeTests {
  private static let ann = #"{"email": "ann@example.com", "password": "passw0rd!"}"#

  /// A backend with Dan, a driver, whose one-time code waits in the outbox.
  private func backendWithCode(
    adjust: (inout KooberBackend.Configuration) -> Void = { _ in }
  ) async throws -> TestBackend {
    let server = try TestBackend(adjust: adjust)
    try await server.signUp("dan@example.com", type: "driver")
    #expect(try await server.signIn("dan@example.com").status == 202)
    return server
  }

  private func outbox(_ server: TestBackend, headers: [String]) async throws
    -> RawClient.Exchange
  {
    try #require(
      await RawClient.request(
        port: server.backend.port, "GET", "/v1/dev/outbox?to=dan%40example.com",
        headers: headers))
  }

  @Test("the outbox answers the backend's own names: its address and localhost, any port")
  func ownNames() async throws {
    let server = try await backendWithCode()
    defer { server.stop() }
    let port = server.backend.port
    for host in ["127.0.0.1:\(port)", "localhost:\(port)", "LOCALHOST", "localhost.:1"] {
      let answer = try await outbox(server, headers: ["Host: \(host)"])
      #expect(answer.status == 200, "\(host)")
      #expect((answer.json["messages"] as? [Any])?.count == 1, "\(host)")
    }
  }

  @Test("a rebound name gets 421 misdirected_request and no one-time code")
  func reboundName() async throws {
    let server = try await backendWithCode()
    defer { server.stop() }
    let port = server.backend.port
    for host in ["rebind.attacker.example", "rebind.attacker.example:\(port)", "127.0.0.2"] {
      let answer = try await outbox(server, headers: ["Host: \(host)"])
      #expect(answer.status == 421, "\(host)")
      #expect(answer.errorCode == "misdirected_request", "\(host)")
      #expect(!answer.text.contains("Your Koober code"), "\(host)")
    }
  }

  @Test("no Host, two Hosts, or a Host with user information is 400 malformed_request")
  func malformedHost() async throws {
    let server = try await backendWithCode()
    defer { server.stop() }
    for headers in [[], ["Host: localhost", "Host: localhost"], ["Host: ann@localhost"]] {
      let answer = try await outbox(server, headers: headers)
      #expect(answer.status == 400, "\(headers)")
      #expect(answer.errorCode == "malformed_request", "\(headers)")
      #expect(!answer.text.contains("Your Koober code"), "\(headers)")
    }
  }

  @Test("a configured name is answered, whatever its case and port; others still get 421")
  func configuredName() async throws {
    let server = try await backendWithCode { $0.hostNames = ["Koober.Test"] }
    defer { server.stop() }
    #expect(try await outbox(server, headers: ["Host: koober.test:8443"]).status == 200)
    #expect(try await outbox(server, headers: ["Host: koober.test"]).status == 200)
    #expect(try await outbox(server, headers: ["Host: other.test"]).status == 421)
  }

  @Test("a configured name that is not a host name stops the backend from starting")
  func invalidConfiguredName() throws {
    #expect(throws: KooberBackendError.self) {
      try TestBackend { $0.hostNames = ["koober.test:8443"] }
    }
  }

  @Test(
    "a sign-in posted as a form or as text is 415 unsupported_media_type, and signs no one in",
    arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                "application/jsonx", "application/vnd.api+json", nil])
  func formsAreRefused(contentType: String?) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let headers = ["Host: localhost"] + (contentType.map { ["Content-Type: \($0)"] } ?? [])
    let answer = try #require(
      await RawClient.request(
        port: server.backend.port, "POST", "/v1/auth/sign-in", headers: headers, body: Self.ann))
    #expect(answer.status == 415)
    #expect(answer.errorCode == "unsupported_media_type")
    #expect(answer.json["token"] == nil)
  }

  @Test(
    "JSON with parameters, in any case, is accepted",
    arguments: ["application/json", "application/json; charset=utf-8",
                "Application/JSON;charset=UTF-8", "application/json ; charset=utf-8"])
  func jsonIsAccepted(contentType: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let answer = try #require(
      await RawClient.request(
        port: server.backend.port, "POST", "/v1/auth/sign-in",
        headers: ["Host: localhost", "Content-Type: \(contentType)"], body: Self.ann))
    #expect(answer.status == 200)
    #expect(answer.json["token"] is String)
  }

  @Test("two Content-Type fields are 415, even when one says JSON")
  func twoContentTypes() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let answer = try #require(
      await RawClient.request(
        port: server.backend.port, "POST", "/v1/auth/sign-in",
        headers: ["Host: localhost", "Content-Type: application/json", "Content-Type: text/plain"],
        body: Self.ann))
    #expect(answer.status == 415)
  }

  @Test("a POST without a body needs no Content-Type: sign-out answers 204")
  func emptyBodyNeedsNoContentType() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    let answer = try #require(
      await RawClient.request(
        port: server.backend.port, "POST", "/v1/auth/sign-out",
        headers: ["Host: localhost", "Authorization: Bearer \(token)"]))
    #expect(answer.status == 204)
  }

  @Test("order of checks: Host, then 404/405, then 413, then 415, then 401")
  func orderOfChecks() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let port = server.backend.port
    let text = ["Host: localhost", "Content-Type: text/plain"]
    func status(_ method: String, _ path: String, _ headers: [String], _ body: String) async
      -> Int?
    {
      await RawClient.request(port: port, method, path, headers: headers, body: body)?.status
    }
    // The Host rules come before everything, an unknown path included.
    #expect(await status("POST", "/v1/nowhere", ["Host: evil.example"], "x") == 421)
    #expect(await status("POST", "/v1/nowhere", [], "x") == 400)
    let twoCallers = ["Host: evil.example", "Authorization: Bearer a", "Authorization: Bearer b"]
    #expect(await status("GET", "/v1/users/me", twoCallers, "") == 421)
    #expect(
      await status("POST", "/v1/auth/sign-in", ["Host: evil.example"], String(
        repeating: "a", count: 70_000)) == 421)
    // Then the route: an unknown path or another method is 404/405 before 415.
    #expect(await status("POST", "/v1/nowhere", text, "x") == 404)
    #expect(await status("PUT", "/v1/auth/sign-in", text, "x") == 405)
    // Then the size, then the media type, then authorization.
    #expect(
      await status("POST", "/v1/auth/sign-in", text, String(repeating: "a", count: 70_000))
        == 413)
    #expect(await status("PATCH", "/v1/users/me", text, #"{"name": "x"}"#) == 415)
    #expect(
      await status(
        "PATCH", "/v1/users/me", ["Host: localhost", "Content-Type: application/json"],
        #"{"name": "x"}"#) == 401)
  }
}

import Foundation
import Testing

@Suite("404, 405, 413, the outbox, and input that must not crash the server")
struct RoutingTests {
  @Test("an unknown path answers 404 not_found; a known path with another method 405")
  func routing_missesAnswerAPIErrors() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let missing = try await server.send("GET", "/v1/auth/nothing")
    #expect(missing.status == 404)
    #expect(missing.errorCode == "not_found")
    for (method, path) in [
      ("GET", "/v1/auth/sign-in"), ("DELETE", "/v1/users/me"), ("POST", "/v1/auth/session"),
      ("PUT", "/v1/auth/refresh"),
    ] {
      let response = try await server.send(method, path)
      #expect(response.status == 405, "\(method) \(path)")
      #expect(response.errorCode == "method_not_allowed")
    }
  }

  @Test("a body over 64 KiB answers 413 body_too_large, before authentication")
  func routing_largeBody_answers413() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let large = Data(repeating: UInt8(ascii: "a"), count: 64 * 1024 + 1)
    for (method, path) in [("POST", "/v1/auth/sign-up"), ("PATCH", "/v1/users/me")] {
      let response = try await server.send(method, path, body: large)
      #expect(response.status == 413)
      #expect(response.errorCode == "body_too_large")
    }
    let fits = Data(repeating: UInt8(ascii: " "), count: 64 * 1024 - 2) + Data("{}".utf8)
    let response = try await server.send("POST", "/v1/auth/sign-in", body: fits)
    #expect(response.errorCode == "malformed_body")
  }

  @Test("the outbox lists a recipient's messages, oldest first, and needs `to`")
  func outbox_listsMessages() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    try await server.signUp("eve@example.com", type: "driver")
    _ = try await server.signIn("dan@example.com")
    server.clock.advance(by: 5)
    _ = try await server.signIn("eve@example.com")
    _ = try await server.signIn("dan@example.com")
    let dan = try await server.send("GET", "/v1/dev/outbox?to=Dan%40Example.com")
    let messages = try #require(dan.json["messages"] as? [[String: Any]])
    #expect(messages.map { $0["sentAt"] as? String } == [
      "2026-11-21T08:30:00Z", "2026-11-21T08:30:05Z",
    ])
    #expect(messages.allSatisfy { $0["to"] as? String == "dan@example.com" })
    let nobody = try await server.send("GET", "/v1/dev/outbox?to=nobody@example.com")
    #expect(nobody.status == 200)
    #expect((nobody.json["messages"] as? [Any])?.isEmpty == true)
    for query in ["", "?to=", "?to=%20", "?from=dan@example.com"] {
      let response = try await server.send("GET", "/v1/dev/outbox\(query)")
      #expect(response.status == 400, "\(query)")
      #expect(response.errorCode == "malformed_query")
    }
  }

  @Test("outside demo mode there is no outbox, though codes are still issued")
  func outbox_outsideDemoMode_isNotFound() async throws {
    let server = try TestBackend(demoMode: false)
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    #expect(try await server.signIn("dan@example.com").status == 202)
    let response = try await server.send("GET", "/v1/dev/outbox?to=dan@example.com")
    #expect(response.status == 404)
    #expect(response.errorCode == "not_found")
  }

  @Test("hostile bodies never crash the server or answer 5xx")
  func robustness_hostileBodies_answer4xx() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    let bodies: [Data] = [
      Data([0xFF, 0xFE, 0x00, 0x7B]),
      Data(#"{"email": "\u0000", "password": "\u0000", "type": "passenger"}"#.utf8),
      Data(#"{"email": 1e999, "password": -1e999}"#.utf8),
      Data(#"{"email": 123456789012345678901234567890, "password": 0.1}"#.utf8),
      Data(String(repeating: "[", count: 30_000).utf8),
      Data(String(repeating: #"{"a":"#, count: 5_000).utf8),
      Data(#"{"email": "\ud800", "password": "x"}"#.utf8),
      Data(#"{"name": "\ud83d"}"#.utf8),
      Data("\u{FEFF}{}".utf8),
      Data(#"{"refreshToken": "\#(String(repeating: "z", count: 60_000))"}"#.utf8),
    ]
    let routes = [
      ("POST", "/v1/auth/sign-up"), ("POST", "/v1/auth/sign-in"), ("POST", "/v1/auth/otp/verify"),
      ("POST", "/v1/auth/refresh"), ("PATCH", "/v1/users/me"),
    ]
    for (method, path) in routes {
      for body in bodies {
        let response = try await server.send(method, path, body: body, token: token)
        #expect((400..<500).contains(response.status), "\(method) \(path) \(response.status)")
        #expect(response.errorCode != nil)
      }
    }
    #expect(try await server.send("GET", "/v1/users/me", token: token).status == 200)
  }

  @Test("the request counter counts each route's requests")
  func requestCounter_countsPerRoute() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    _ = try await server.signIn("ann@example.com")
    _ = try await server.signIn("ann@example.com", password: "x")
    _ = try await server.send("POST", "/v1/auth/refresh", json: ["refreshToken": "x"])
    let requests = server.backend.requests
    #expect(requests.count("POST", "/v1/auth/sign-in") == 2)
    #expect(requests.count("post", "/v1/auth/sign-up") == 1)
    #expect(requests.count("POST", "/v1/auth/refresh") == 1)
    #expect(requests.count("GET", "/v1/users/me") == 0)
    #expect(requests.all == [
      "POST /v1/auth/sign-in": 2, "POST /v1/auth/sign-up": 1, "POST /v1/auth/refresh": 1,
    ])
  }
}

import Foundation
import Testing

@Suite("refresh, session and sign-out")
struct TokenTests {
  private func refresh(_ server: TestBackend, _ token: String) async throws -> APIResponse {
    try await server.send("POST", "/v1/auth/refresh", json: ["refreshToken": token])
  }

  private func session(_ server: TestBackend, _ token: String?) async throws -> APIResponse {
    try await server.send("GET", "/v1/auth/session", token: token)
  }

  @Test("refresh answers a new pair; the old access token stays valid until its own expiry")
  func refresh_rotatesThePair() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    let access = try #require(signUp.string("token"))
    let refreshToken = try #require(signUp.string("refreshToken"))
    server.clock.advance(by: 600)

    let renewed = try await refresh(server, refreshToken)
    #expect(renewed.status == 200)
    #expect(renewed.user["email"] as? String == "ann@example.com")
    let newAccess = try #require(renewed.string("token"))
    let newRefresh = try #require(renewed.string("refreshToken"))
    #expect(newAccess != access && newRefresh != refreshToken)
    #expect(renewed.string("expiresAt") == "2026-11-21T08:55:00Z")
    #expect(renewed.string("refreshExpiresAt") == "2026-12-21T08:40:00Z")
    #expect(server.backend.refreshRequestCount == 1)

    #expect(try await session(server, access).status == 200)
    #expect(try await session(server, newAccess).status == 200)
    server.clock.advance(by: 300)
    #expect(try await session(server, access).errorCode == "token_expired")
    #expect(try await session(server, newAccess).status == 200)
  }

  @Test("a spent refresh token used again answers 401 refresh_token_reused and revokes the family")
  func refresh_reuse_revokesTheFamily() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    let firstRefresh = try #require(signUp.string("refreshToken"))
    let firstAccess = try #require(signUp.string("token"))
    let renewed = try await refresh(server, firstRefresh)
    let secondAccess = try #require(renewed.string("token"))
    let secondRefresh = try #require(renewed.string("refreshToken"))

    // Inside the 30-second window the same token would get the same pair again.
    server.clock.advance(by: 30)
    let reuse = try await refresh(server, firstRefresh)
    #expect(reuse.status == 401)
    #expect(reuse.errorCode == "refresh_token_reused")

    let afterwards = try await refresh(server, secondRefresh)
    #expect(afterwards.status == 401)
    #expect(afterwards.errorCode == "invalid_refresh_token")
    #expect(try await session(server, firstAccess).errorCode == "invalid_token")
    #expect(try await session(server, secondAccess).errorCode == "invalid_token")
    #expect(try await refresh(server, firstRefresh).errorCode == "invalid_refresh_token")
  }

  @Test("revoking one family leaves the user's other sign-ins working")
  func revocation_isPerFamily() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let phone = try await server.signUp("ann@example.com")
    let laptop = try await server.signIn("ann@example.com")
    let phoneAccess = try #require(phone.string("token"))
    let signOut = try await server.send("POST", "/v1/auth/sign-out", token: phoneAccess)
    #expect(signOut.status == 204)
    #expect(signOut.body.isEmpty)
    #expect(try await session(server, phoneAccess).errorCode == "invalid_token")
    #expect(try await session(server, laptop.string("token")).status == 200)
    #expect(try await refresh(server, try #require(laptop.string("refreshToken"))).status == 200)
    #expect(
      try await refresh(server, try #require(phone.string("refreshToken"))).errorCode
        == "invalid_refresh_token")
  }

  @Test("unknown and expired refresh tokens answer 401 invalid_refresh_token")
  func refresh_unknownOrExpired_answers401() async throws {
    let server = try TestBackend { $0.refreshTokenLifetime = 120 }
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    #expect(try await refresh(server, "nope").errorCode == "invalid_refresh_token")
    server.clock.advance(by: 120)
    let expired = try await refresh(server, try #require(signUp.string("refreshToken")))
    #expect(expired.status == 401)
    #expect(expired.errorCode == "invalid_refresh_token")
  }

  @Test("each refresh token lives its full lifetime from its own issue")
  func refresh_tokenLifetime_countsFromItsOwnIssue() async throws {
    let server = try TestBackend { $0.refreshTokenLifetime = 120 }
    defer { server.stop() }
    var token = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    for _ in 0..<3 {
      server.clock.advance(by: 100)
      let renewed = try await refresh(server, token)
      #expect(renewed.status == 200)
      token = try #require(renewed.string("refreshToken"))
    }
  }

  @Test("malformed refresh bodies answer 400", arguments: [#"{"refreshToken": 1}"#, "{}", "x"])
  func refresh_malformedBody_answers400(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.send("POST", "/v1/auth/refresh", body: Data(body.utf8))
    #expect(response.status == 400)
    #expect(response.errorCode == "malformed_body")
  }

  @Test("GET /v1/auth/session answers the user and the access token's expiry")
  func session_returnsUserAndExpiry() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com", name: "Ann")
    let response = try await session(server, signUp.string("token"))
    #expect(response.status == 200)
    #expect(response.user["id"] as? String == signUp.user["id"] as? String)
    #expect(response.user["name"] as? String == "Ann")
    #expect(response.string("expiresAt") == "2026-11-21T08:45:00Z")
    #expect(response.json["token"] == nil)
  }

  @Test("a missing, malformed or unknown Authorization answers 401 invalid_token")
  func session_withoutValidToken_answersInvalidToken() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    var codes: [String?] = []
    codes.append(try await session(server, nil).errorCode)
    codes.append(try await session(server, "nope").errorCode)
    for header in ["Basic \(token)", "Bearer", "Bearer ", token] {
      let response = try await server.send(
        "GET", "/v1/auth/session", headers: ["Authorization": header])
      codes.append(response.errorCode)
    }
    #expect(codes == Array(repeating: "invalid_token", count: 6))
    let lowercase = try await server.send(
      "GET", "/v1/auth/session", headers: ["Authorization": "bearer \(token)"])
    #expect(lowercase.status == 200)
  }

  @Test("an access token past its expiry answers 401 token_expired, not invalid_token")
  func session_expiredToken_answersTokenExpired() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    server.clock.advance(by: 15 * 60 - 1)
    #expect(try await session(server, token).status == 200)
    server.clock.advance(by: 1)
    let expired = try await session(server, token)
    #expect(expired.status == 401)
    #expect(expired.errorCode == "token_expired")
    server.clock.advance(by: 7 * 24 * 3600)
    _ = try await server.signIn("ann@example.com")
    #expect(try await session(server, token).errorCode == "token_expired")
  }

  @Test("sign-out answers 204 and ends the whole family at once; without a token it is 401")
  func signOut_revokesTheFamily() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com")
    let renewed = try await refresh(server, try #require(signUp.string("refreshToken")))
    let oldAccess = try #require(signUp.string("token"))
    let newAccess = try #require(renewed.string("token"))
    #expect(try await server.send("POST", "/v1/auth/sign-out").errorCode == "invalid_token")
    #expect(try await server.send("POST", "/v1/auth/sign-out", token: newAccess).status == 204)
    #expect(try await session(server, oldAccess).errorCode == "invalid_token")
    #expect(try await session(server, newAccess).errorCode == "invalid_token")
    let refreshAfter = try await refresh(server, try #require(renewed.string("refreshToken")))
    #expect(refreshAfter.errorCode == "invalid_refresh_token")
    #expect(
      try await server.send("POST", "/v1/auth/sign-out", token: newAccess).errorCode
        == "invalid_token")
  }

  @Test(
    "with no window, concurrent refreshes with one token: one succeeds, the family is revoked")
  func refresh_concurrentUseOfOneToken_revokes() async throws {
    let server = try TestBackend { $0.refreshWindow = 0 }
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let codes = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<8 {
        group.addTask {
          let response = try await server.send(
            "POST", "/v1/auth/refresh", json: ["refreshToken": token])
          return response.status == 200 ? "ok" : response.errorCode ?? "?"
        }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(codes.filter { $0 == "ok" }.count == 1)
    #expect(codes.contains("refresh_token_reused"))
    let allowed = ["ok", "refresh_token_reused", "invalid_refresh_token"]
    #expect(codes.allSatisfy { allowed.contains($0) })
    #expect(server.backend.requests.count("POST", "/v1/auth/refresh") == 8)
  }
}

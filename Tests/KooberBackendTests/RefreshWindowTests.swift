import Foundation
import Testing

/// API.md's refresh window: the same refresh token sent again within the window of its first
/// use gets the same new pair, so a client whose answer was lost retries safely; after it,
/// the spent token is reuse and revokes the family.
@Suite("refresh window: the same answer again, reuse after")
struct RefreshWindowTests {
  private func refresh(_ server: TestBackend, _ token: String) async throws -> APIResponse {
    try await server.send("POST", "/v1/auth/refresh", json: ["refreshToken": token])
  }

  private func pair(_ response: APIResponse) -> [String?] {
    [response.string("token"), response.string("refreshToken")]
  }

  private func sessionStatus(_ server: TestBackend, _ token: String?) async throws -> Int {
    try await server.send("GET", "/v1/auth/session", token: token).status
  }

  @Test("inside the window the spent token gets the first pair again, and that pair works")
  func samePairInsideWindow() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let spent = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let first = try await refresh(server, spent)
    #expect(first.status == 200)
    server.clock.advance(by: 29)
    let again = try await refresh(server, spent)
    #expect(again.status == 200)
    #expect(pair(again) == pair(first))
    #expect(again.string("expiresAt") == first.string("expiresAt"))
    #expect(again.headers["cache-control"] == "no-store")
    // The pair works: the family lives, and its refresh token renews once.
    #expect(try await sessionStatus(server, again.string("token")) == 200)
    let next = try await refresh(server, try #require(again.string("refreshToken")))
    #expect(next.status == 200)
    #expect(try await sessionStatus(server, next.string("token")) == 200)
  }

  @Test("concurrent presentations of one token inside the window all get the same pair")
  func concurrentPresentationsGetOnePair() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let pairs = try await withThrowingTaskGroup(of: [String?].self) { group in
      for _ in 0..<8 {
        group.addTask { self.pair(try await self.refresh(server, token)) }
      }
      return try await group.reduce(into: [[String?]]()) { $0.append($1) }
    }
    #expect(pairs.count == 8)
    #expect(Set(pairs).count == 1)
    #expect(pairs.allSatisfy { $0.allSatisfy { $0 != nil } })
    #expect(server.backend.requests.count("POST", "/v1/auth/refresh") == 8)
    #expect(try await sessionStatus(server, pairs.first?.first ?? nil) == 200)
  }

  @Test("a family revoked meanwhile: the spent token is invalid_refresh_token inside the window")
  func revokedFamilyInsideWindow() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let spent = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let first = try await refresh(server, spent)
    let access = try #require(first.string("token"))
    #expect(try await server.send("POST", "/v1/auth/sign-out", token: access).status == 204)
    server.clock.advance(by: 1)
    let again = try await refresh(server, spent)
    #expect(again.status == 401)
    #expect(again.errorCode == "invalid_refresh_token")
    #expect(again.string("token") == nil)
  }

  @Test("after the window the spent token is reuse: 401 refresh_token_reused, family revoked")
  func reuseAfterWindow() async throws {
    let server = try TestBackend { $0.refreshWindow = 5 }
    defer { server.stop() }
    let spent = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let first = try await refresh(server, spent)
    server.clock.advance(by: 4)
    #expect(pair(try await refresh(server, spent)) == pair(first))
    server.clock.advance(by: 1)
    let reuse = try await refresh(server, spent)
    #expect(reuse.status == 401)
    #expect(reuse.errorCode == "refresh_token_reused")
    #expect(try await sessionStatus(server, first.string("token")) == 401)
    let live = try await refresh(server, try #require(first.string("refreshToken")))
    #expect(live.errorCode == "invalid_refresh_token")
  }

  @Test("a restart inside the window forgets the answers: the spent token is reuse")
  func restartForgetsAnswers() async throws {
    let server = try TestBackend()
    let spent = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let first = try await refresh(server, spent)
    let restarted = try server.restarted()
    defer { restarted.stop() }
    let again = try await refresh(restarted, spent)
    #expect(again.errorCode == "refresh_token_reused")
    #expect(try await sessionStatus(restarted, first.string("token")) == 401)
  }

  @Test("the answers are kept in memory only: no new token reaches the database file")
  func noTokenOnDisk() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let spent = try #require(try await server.signUp("ann@example.com").string("refreshToken"))
    let first = try await refresh(server, spent)
    #expect(pair(try await refresh(server, spent)) == pair(first))
    let folder = server.folder.url("data")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    for name in files {
      let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
      for token in pair(first).compactMap({ $0 }) {
        #expect(bytes.range(of: Data(token.utf8)) == nil, "\(name) holds a token in clear")
      }
    }
  }
}

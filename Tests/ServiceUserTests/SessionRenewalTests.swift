import Foundation
import NetworkClient
import ServiceUser
import ServiceUserTestSupport
import Testing
import UserModel

@Suite("ServiceUser renews access tokens")
struct SessionRenewalTests {
  @Test("20 concurrent calls near expiry make one refresh; each token is stored before use")
  func concurrentRenewalsCoalesce() async throws {
    let renewed = Fixtures.session(number: 2)
    let harness = try Harness { request in
      if request.path == "/v1/auth/refresh" {
        try? await Task.sleep(for: .milliseconds(50))
        return .json(200, Fixtures.json(renewed))
      }
      return .empty(404)
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(accessLife: 30))
    // Within half the token's lifetime of its expiry (its margin, below the minute).
    harness.clock.advance(by: 20)

    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<20 {
        group.addTask {
          let token = try await harness.service.accessToken()
          #expect(try harness.store.load()?.accessToken == token)
          return token
        }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(tokens == Array(repeating: "access-2", count: 20))
    let refreshes = harness.transport.requests.filter { $0.path == "/v1/auth/refresh" }
    #expect(refreshes.count == 1)
    #expect(refreshes.first?.json["refreshToken"] as? String == "refresh-1")
    #expect(await harness.service.currentSession == renewed)
    #expect(try harness.store.load() == renewed)
  }

  @Test("20 requests refused with token_expired share one refresh and are retried once each")
  func tokenExpiredRenewsOnce() async throws {
    let renewed = Fixtures.session(number: 2)
    let harness = try Harness { request in
      switch (request.path, request.authorization) {
      case ("/v1/auth/refresh", _):
        try? await Task.sleep(for: .milliseconds(50))
        return .json(200, Fixtures.json(renewed))
      case ("/v1/users/me", "Bearer access-2"): return .json(200, Fixtures.json(Fixtures.ann))
      case ("/v1/users/me", _): return .error(401, "token_expired")
      default: return .empty(404)
      }
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session())
    let client = harness.service.network
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<20 {
        group.addTask {
          let response = try await client.response(
            for: Endpoint(.get, "/v1/users/me", requiresAuthorization: true))
          #expect(response.status == 200)
        }
      }
      try await group.waitForAll()
    }
    let paths = harness.transport.paths
    #expect(paths.filter { $0 == "/v1/auth/refresh" }.count == 1)
    #expect(paths.filter { $0 == "/v1/users/me" }.count == 40)
    #expect(await harness.service.currentSession == renewed)
  }

  @Test("a token refused after another request renewed it is swapped without a refresh")
  func staleRejectionReusesCurrentToken() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(number: 7))
    #expect(try await harness.service.renewAccessToken(after: "access-6") == "access-7")
    #expect(harness.transport.paths.isEmpty)
  }

  @Test("a refused refresh ends the session as revoked and clears the store")
  func refusedRefreshRevokes() async throws {
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh" ? .error(401, "refresh_token_reused") : .empty(404)
    }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    try await harness.service.establishSession(Fixtures.session(accessLife: 10))
    harness.clock.advance(by: 6)
    await #expect(throws: NetworkError.signedOut) {
      try await harness.service.accessToken()
    }
    #expect(await log.first(2) == [.signedIn(Fixtures.ann), .signedOut(.revoked)])
    #expect(await harness.service.currentSession == nil)
    #expect(try harness.store.load() == nil)
  }

  @Test("a token that lives seconds is renewed in the last half of its life, not at every use")
  func shortLivedTokenMargin() async throws {
    let renewed = Fixtures.session(number: 2, accessLife: 10, from: Fixtures.start + 3)
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh" ? .json(200, Fixtures.json(renewed)) : .empty(404)
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(accessLife: 5))
    harness.clock.advance(by: 2)  // 3 s left of 5: more than half, so no renewal
    #expect(try await harness.service.accessToken() == "access-1")
    #expect(harness.transport.paths.isEmpty)
    harness.clock.advance(by: 1)  // 2 s left: renewed
    #expect(try await harness.service.accessToken() == "access-2")
    // The renewed token lives 10 s from the renewal: 5 s and more left means no renewal.
    harness.clock.advance(by: 4)
    #expect(try await harness.service.accessToken() == "access-2")
    #expect(harness.transport.paths == ["/v1/auth/refresh"])
  }

  @Test("a session read from the store, whose token's age is unknown, keeps the minute")
  func restoredSessionKeepsMinute() async throws {
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh"
        ? .json(200, Fixtures.json(Fixtures.session(number: 2))) : .empty(404)
    }
    defer { harness.folder.remove() }
    try harness.store.save(Fixtures.session(accessLife: 50))
    await harness.service.adoptStoredSession(try #require(try harness.store.load()))
    #expect(try await harness.service.accessToken() == "access-2")
  }

  @Test("an offline refresh throws the network error and keeps the session")
  func offlineRefreshKeepsSession() async throws {
    let online = OnlineSwitch()
    let renewed = Fixtures.session(number: 2)
    let harness = try Harness { _ in
      online.isOn ? .json(200, Fixtures.json(renewed)) : .failure(.transport(.offline))
    }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    let original = Fixtures.session(accessLife: 10)
    try await harness.service.establishSession(original)
    harness.clock.advance(by: 6)
    await #expect(throws: NetworkError.transport(.offline)) {
      try await harness.service.accessToken()
    }
    #expect(await harness.service.currentSession == original)
    #expect(try harness.store.load() == original)
    online.isOn = true
    #expect(try await harness.service.accessToken() == "access-2")
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
  }

  @Test("server trouble while renewing after token_expired keeps the session")
  func failedRenewalAfterTokenExpiredKeepsSession() async throws {
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh" ? .error(503, "unavailable") : .error(401, "token_expired")
    }
    defer { harness.folder.remove() }
    let original = Fixtures.session()
    try await harness.service.establishSession(original)
    await #expect(throws: NetworkError.self) {
      try await harness.service.network.response(
        for: Endpoint(.get, "/v1/users/me", requiresAuthorization: true))
    }
    #expect(await harness.service.currentSession == original)
  }

  @Test("any other final 401 on an authorized request ends the session as revoked")
  func unauthorizedHookRevokes() async throws {
    let harness = try Harness { _ in .error(401, "invalid_token") }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    try await harness.service.establishSession(Fixtures.session())
    await #expect(throws: NetworkError.self) {
      try await harness.service.network.response(
        for: Endpoint(.get, "/v1/users/me", requiresAuthorization: true))
    }
    #expect(await log.first(2) == [.signedIn(Fixtures.ann), .signedOut(.revoked)])
    #expect(try harness.store.load() == nil)
    #expect(harness.transport.paths == ["/v1/users/me"])
  }

  @Test("an expired refresh token ends the session as expired without asking the server")
  func expiredRefreshTokenEndsLocally() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    try await harness.service.establishSession(Fixtures.session(refreshLife: 100))
    harness.clock.advance(by: 101)
    await #expect(throws: NetworkError.signedOut) {
      try await harness.service.accessToken()
    }
    #expect(await log.first(2) == [.signedIn(Fixtures.ann), .signedOut(.expired)])
    #expect(harness.transport.paths.isEmpty)
  }

  @Test("a renewal that finishes after another user signed in does not replace that session")
  func lateRenewalIsDiscarded() async throws {
    let gate = Gate()
    let harness = try Harness { request in
      await gate.wait()
      return .json(200, Fixtures.json(Fixtures.session(number: 2)))
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(accessLife: 10))
    harness.clock.advance(by: 6)
    let renewal = Task { try await harness.service.accessToken() }
    while harness.transport.paths.isEmpty { await Task.yield() }
    let dan = Fixtures.session(Fixtures.dan, number: 9)
    try await harness.service.establishSession(dan)
    await gate.open()
    // Ann's request is dropped like a cancelled one: Dan's session must not end for it.
    await #expect(throws: NetworkError.cancelled) { try await renewal.value }
    #expect(await harness.service.currentSession == dan)
    #expect(try harness.store.load() == dan)
  }
}

/// A flag the fake transport reads.
final class OnlineSwitch: @unchecked Sendable {
  private let lock = NSLock()
  private var on = false
  var isOn: Bool {
    get { lock.withLock { on } }
    set { lock.withLock { on = newValue } }
  }
}

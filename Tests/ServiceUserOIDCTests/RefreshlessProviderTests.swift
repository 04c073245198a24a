import Foundation
import LoginCore
import LoopbackServer
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserOIDC
import ServiceUserTestSupport
import TestSupport
import Testing
import UserModel
import WireFormat

/// A provider that issues no refresh token (DOT can be set up so; the fake says it on
/// demand): the session is used while its access token lives, then ends as expired, and
/// nothing ever asks the token endpoint for a renewal.
@Suite("A provider without refresh tokens")
struct RefreshlessProviderTests {
  static let answer =
    #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 300, "scope": "openid"}"#

  @Test("signs in, works until the access token expires, then ends as expired, never revoked")
  func signsInWorksAndExpires() async throws {
    let fake = try FakeProvider()
    fake.answerToken(.json(status: 200, raw: Self.answer))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let clock = Locked(start)
    let now: @Sendable () -> Date = { clock.withLock { $0 } }
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: now)
    let store = FileSessionStore(directory: folder.url("Session"))
    let service = ServiceUser(
      remote: api, network: NetworkClient(baseURL: fake.issuer),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store, now: now)
    let changes = ChangeLog(service)

    let outcome = try await service.signIn(identifier: "ann@example.com", password: "pw")
    guard case .signedIn(let session) = outcome else {
      Issue.record("expected a session, got \(outcome)")
      return
    }
    #expect(session.refreshToken == nil && session.refreshTokenExpiresAt == nil)
    #expect(session.scope == "openid")
    #expect(session.accessTokenExpiresAt == start.addingTimeInterval(300))
    #expect(try store.load() == session)

    // Within the token's life, even inside the renewal margin, the token is used as it is.
    clock.withLock { $0 = start.addingTimeInterval(280) }
    #expect(try await service.accessToken() == "at-1")

    clock.withLock { $0 = start.addingTimeInterval(300) }
    await #expect(throws: NetworkError.signedOut) { try await service.accessToken() }
    #expect(await changes.first(2) == [.signedIn(session.user), .signedOut(.expired)])
    #expect(await service.currentSession == nil)
    #expect(try store.load() == nil)
    let grants = await fake.requests.all.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(grants.count == 1)
    #expect(grants.allSatisfy { $0.contains("grant_type=password") })
  }

  @Test("the app's own API works with the token; its 401 ends the session as expired")
  func appRequestsThenExpired() async throws {
    let fake = try FakeProvider()
    fake.answerToken(.json(status: 200, raw: Self.answer))
    let seen = Recorder()
    fake.server.route(.get, "/api/me") { request in
      await seen.record(request)
      return await seen.all.count == 1
        ? .json(status: 200, raw: #"{"ok": true}"#) : .json(status: 401, raw: "{}")
    }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let service = ServiceUser(
      remote: OIDCAuthAPI(configuration: try fake.configuration()),
      network: NetworkClient(baseURL: fake.issuer),
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("Session")))
    let changes = ChangeLog(service)
    _ = try await service.signIn(identifier: "ann@example.com", password: "pw")
    let me = Endpoint(.get, "/api/me", requiresAuthorization: true)
    #expect(try await service.network.response(for: me).status == 200)
    await #expect(throws: NetworkError.self) { try await service.network.response(for: me) }
    #expect(await seen.all.map { $0.header("Authorization") } == ["Bearer at-1", "Bearer at-1"])
    #expect(await changes.first(2).last == .signedOut(.expired))
    #expect(await fake.requests.all.count == 1)
  }

  @Test("sign-out revokes the access token; a provider that does not is a local sign-out")
  func signOutRevokesAccessToken() async throws {
    let fake = try FakeProvider()
    let revocations = Recorder()
    let answers = Locked([
      HTTPResponse.json(status: 200, raw: "{}"),
      HTTPResponse.json(status: 400, raw: #"{"error": "unsupported_token_type"}"#),
    ])
    fake.server.route(.post, "/revoke") { request in
      await revocations.record(request)
      return answers.withLock { $0.removeFirst() }
    }
    let configuration = try OIDCConfiguration(
      issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
      revocationEndpoint: fake.issuer.appendingPathComponent("revoke"))
    let api = OIDCAuthAPI(configuration: configuration)
    let session = UserSession(
      user: User(id: "u-1", identifier: "ann", name: nil, type: .passenger),
      accessToken: "at-1", accessTokenExpiresAt: Date().addingTimeInterval(300))
    try await api.signOut(session)
    await #expect(throws: AuthFailure.unsupported(.signOut)) { try await api.signOut(session) }
    let bodies = await revocations.all.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(bodies.count == 2)
    #expect(bodies.allSatisfy { $0.hasPrefix("token=at-1&token_type_hint=access_token") })
  }

  @Test("a rejected access token without a refresh token ends the session as expired")
  func rejectedTokenEndsAsExpired() async throws {
    let fake = try FakeProvider()
    fake.answerToken(.json(status: 200, raw: Self.answer))
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let service = ServiceUser(
      remote: api, network: NetworkClient(baseURL: fake.issuer),
      accountDatabaseURL: folder.url("accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder.url("Session")))
    let changes = ChangeLog(service)
    _ = try await service.signIn(identifier: "ann@example.com", password: "pw")
    await #expect(throws: NetworkError.signedOut) {
      try await service.renewAccessToken(after: "at-1")
    }
    let heard = await changes.first(2)
    #expect(heard.last == .signedOut(.expired))
    #expect(await fake.requests.all.count == 1)
  }
}

import Foundation
import LoginCore
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
    await #expect(throws: ServiceUserError.notSignedIn) { try await service.accessToken() }
    #expect(await changes.first(2) == [.signedIn(session.user), .signedOut(.expired)])
    #expect(await service.currentSession == nil)
    #expect(try store.load() == nil)
    let grants = await fake.requests.all.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(grants.count == 1)
    #expect(grants.allSatisfy { $0.contains("grant_type=password") })
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
    await #expect(throws: ServiceUserError.notSignedIn) {
      try await service.renewAccessToken(after: "at-1")
    }
    let heard = await changes.first(2)
    #expect(heard.last == .signedOut(.expired))
    #expect(await fake.requests.all.count == 1)
  }
}

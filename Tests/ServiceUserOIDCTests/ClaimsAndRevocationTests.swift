import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

@Suite("renewal without rotation, the user's claims, revocation found by discovery")
struct ClaimsAndRevocationTests {
  let start = Date(timeIntervalSince1970: 1_800_000_000)
  let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")

  @Test("a refresh answer without refresh_token keeps the old one, its expiry and the user")
  func refreshWithoutRotation_keepsOldRefreshToken() async throws {
    let fake = try FakeProvider()
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { start })
    let old = UserSession(
      user: User(
        id: "u-1", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
        type: .driver),
      accessToken: "at-0", accessTokenExpiresAt: start, refreshToken: "rt-0",
      refreshTokenExpiresAt: start.addingTimeInterval(99))
    fake.answerToken(.json(raw: #"{"access_token": "at-2", "token_type": "Bearer"}"#))

    let renewed = try await api.refresh(old)

    #expect(renewed.accessToken == "at-2")
    #expect(renewed.accessTokenExpiresAt == start.addingTimeInterval(3600))
    #expect(renewed.refreshToken == "rt-0")
    #expect(renewed.refreshTokenExpiresAt == old.refreshTokenExpiresAt)
    #expect(renewed.user == old.user)
    let body = String(decoding: try #require(await fake.requests.all.first).body, as: UTF8.self)
    #expect(body == "grant_type=refresh_token&refresh_token=rt-0&client_id=koober-public")
  }

  @Test("identifier: preferred_username, else email, else sub, at sign-in and after; email: email")
  func identifierFallbacks() async throws {
    let fake = try FakeProvider()
    let claims = Claims()
    fake.server.route(.get, "/userinfo") { _ in .json(raw: await claims.next()) }
    let api = OIDCAuthAPI(configuration: try fake.configuration())

    await claims.set(#"{"sub": "u-3", "preferred_username": "annie"}"#)
    let annie = try await api.currentUser(accessToken: "at")
    #expect(annie.identifier == "annie" && annie.email == nil)
    #expect(session(of: try await api.signIn(ann))?.user.identifier == "annie")
    await claims.set(#"{"sub": "u-3"}"#)
    let bare = try #require(session(of: try await api.signIn(ann))?.user)
    #expect(bare.identifier == "u-3" && bare.email == nil)
    #expect(try await api.currentUser(accessToken: "at").identifier == "u-3")
    await claims.set(#"{"sub": "u-3", "email": "a@example.org"}"#)
    let mailed = try await api.currentUser(accessToken: "at")
    #expect(mailed.identifier == "a@example.org" && mailed.email == "a@example.org")
    await claims.set(#"{"email": "ann@example.com"}"#)
    let noSubject = await failure { try await api.currentUser(accessToken: "at") }
    let text = try #require(trouble(noSubject))
    #expect(text.contains("no sub"))
  }

  @Test("sign-out revokes both tokens at discovery's endpoint, the access token's best effort")
  func signOut_discoveredEndpoint() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(
      members: [
        "issuer": "$base", "token_endpoint": "$base/token", "revocation_endpoint": "$base/revoke",
      ])
    let revoked = Recorder()
    fake.server.route(.post, "/revoke") { request in
      await revoked.record(request)
      let body = String(decoding: request.body, as: UTF8.self)
      return body.contains("token_type_hint=access_token")
        ? .json(status: 400, raw: #"{"error": "unsupported_token_type"}"#) : .noContent
    }
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let session = UserSession(
      user: User(
        id: "u-1", identifier: "ann@example.com", email: "ann@example.com", name: nil,
        type: .passenger),
      accessToken: "at-9", accessTokenExpiresAt: start, refreshToken: "rt-9",
      refreshTokenExpiresAt: start)

    try await api.signOut(session)

    let bodies = await revoked.all.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(
      bodies == [
        "token=rt-9&token_type_hint=refresh_token&client_id=koober-public",
        "token=at-9&token_type_hint=access_token&client_id=koober-public",
      ])
  }

  @Test("a user the userinfo does not type gets the app's configured type, never a built-in one")
  func untypedUser_getsConfiguredType() async throws {
    let fake = try FakeProvider()
    let claims = Claims()
    fake.server.route(.get, "/userinfo") { _ in .json(raw: await claims.next()) }
    let courier = UserType("courier")
    let untyped = OIDCAuthAPI(configuration: try fake.configuration(defaultUserType: courier))
    await claims.set(#"{"sub": "u-4"}"#)
    #expect(try await untyped.currentUser(accessToken: "at").type == courier)
    #expect(session(of: try await untyped.signIn(ann))?.user.type == courier)

    let typed = OIDCAuthAPI(
      configuration: try fake.configuration(defaultUserType: courier, userTypeClaim: "role"))
    await claims.set(#"{"sub": "u-5"}"#)
    #expect(try await typed.currentUser(accessToken: "at").type == courier)
    await claims.set(#"{"sub": "u-5", "role": "driver"}"#)
    #expect(try await typed.currentUser(accessToken: "at").type == .driver)
  }

  @Test("a refused revocation of the refresh token is server trouble naming the client")
  func refusedRevocation_isTrouble() async throws {
    let fake = try FakeProvider()
    fake.server.route(.post, "/revoke") { _ in
      .json(status: 401, raw: #"{"error": "invalid_client"}"#)
    }
    let configuration = try OIDCConfiguration(
      issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
      revocationEndpoint: fake.issuer.appendingPathComponent("revoke"))
    let session = UserSession(
      user: User(
        id: "u-1", identifier: "ann@example.com", email: "ann@example.com", name: nil,
        type: .passenger),
      accessToken: "at-9", accessTokenExpiresAt: start, refreshToken: "rt-9",
      refreshTokenExpiresAt: start)
    let refused = await failure {
      try await OIDCAuthAPI(configuration: configuration).signOut(session)
    }
    #expect(try #require(trouble(refused)).contains("client koober-public"))
  }
}

/// The userinfo claims a test serves next.
private actor Claims {
  private var json = "{}"

  func set(_ json: String) { self.json = json }
  func next() -> String { json }
}

import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel
import WireFormat

/// The authorization-code flow with PKCE, against a fake provider: the request, and the
/// callback checked before anything is redeemed.
@Suite("browser sign-in: authorization request and callback")
struct BrowserSignInTests {
  static let redirect = URL(string: "http://127.0.0.1:53682/callback")!

  /// A fake whose discovery names an authorization endpoint, and an adapter for it.
  static func setUp() throws -> (FakeProvider, OIDCAuthAPI) {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token", "userinfo_endpoint": "$base/userinfo",
      "authorization_endpoint": "$base/authorize",
    ])
    return (fake, OIDCAuthAPI(configuration: try fake.configuration()))
  }

  /// The query of a URL as a dictionary (each name once).
  static func query(_ url: URL) -> [String: String] {
    let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }) { first, _ in first }
  }

  /// The callback the provider would send for `request`, with `items` (state added unless
  /// given).
  static func callback(_ request: AuthorizationRequest, _ items: [String: String]) -> URL {
    var components = URLComponents(url: request.redirectURI, resolvingAgainstBaseURL: false)!
    var all = items
    if all["state"] == nil { all["state"] = request.state }
    components.queryItems = all.sorted { $0.key < $1.key }.map {
      URLQueryItem(name: $0.key, value: $0.value)
    }
    return components.url!
  }

  @Test("the request carries code, client, redirect, scopes, fresh state and nonce, S256")
  func request() async throws {
    let (fake, api) = try Self.setUp()
    let first = try await api.authorizationRequest(
      redirectURI: Self.redirect, prompt: "login", loginHint: "ann@example.com")
    #expect(first.url.absoluteString.hasPrefix(fake.issuer.absoluteString + "/authorize?"))
    let query = Self.query(first.url)
    #expect(query["response_type"] == "code")
    #expect(query["client_id"] == "koober-public")
    #expect(query["redirect_uri"] == Self.redirect.absoluteString)
    #expect(query["scope"] == "openid profile email")
    #expect(query["state"] == first.state)
    #expect(query["nonce"] == first.nonce)
    #expect(query["code_challenge"] == first.pkce.challenge)
    #expect(query["code_challenge_method"] == "S256")
    #expect(query["prompt"] == "login")
    #expect(query["login_hint"] == "ann@example.com")
    #expect(query["code_verifier"] == nil)
    let second = try await api.authorizationRequest(redirectURI: Self.redirect)
    #expect(second.state != first.state)
    #expect(second.nonce != first.nonce)
    #expect(second.pkce != first.pkce)
    #expect(!"\(first)".contains(first.pkce.verifier))
  }

  @Test("a provider without an authorization endpoint has no browser sign-in")
  func noEndpoint() async throws {
    let fake = try FakeProvider()
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    #expect(
      await failure { try await api.authorizationRequest(redirectURI: Self.redirect) }
        == .unsupported(.browserSignIn))
  }

  @Test("the code is exchanged with the verifier and the redirect URI; the user is read")
  func goodCallback() async throws {
    let (fake, api) = try Self.setUp()
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    IDTokenCheckTests.answer(
      fake, idToken: try OpenIDConnectRulesTests.idToken(fake, nonce: request.nonce))
    let session = try await api.signIn(
      callback: Self.callback(request, ["code": "code-1"]), for: request)
    #expect(session.accessToken == "at-1")
    #expect(session.user.id == "u-1")
    let exchange = try #require(await fake.requests.all.first)
    let form = String(decoding: exchange.body, as: UTF8.self)
    #expect(form.contains("grant_type=authorization_code"))
    #expect(form.contains("code=code-1"))
    #expect(form.contains("code_verifier=" + request.pkce.verifier))
    #expect(form.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback"))
  }

  @Test(
    "a callback of another sign-in ends it with nothing redeemed",
    arguments: [
      ["state": "another", "code": "code-1"], ["code": "code-1", "state": ""],
    ])
  func anotherState(_ items: [String: String]) async throws {
    let (fake, api) = try Self.setUp()
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    #expect(
      await failure { try await api.signIn(callback: Self.callback(request, items), for: request) }
        == .refused(.signInInterrupted))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("a callback to another address ends the sign-in with nothing redeemed")
  func anotherAddress() async throws {
    let (fake, api) = try Self.setUp()
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    let other = URL(string: "http://127.0.0.1:53683/callback?code=c&state=\(request.state)")!
    #expect(
      await failure { try await api.signIn(callback: other, for: request) }
        == .refused(.signInInterrupted))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("access_denied is the person saying no; another error is the provider's trouble")
  func errors() async throws {
    let (fake, api) = try Self.setUp()
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    #expect(
      await failure {
        try await api.signIn(
          callback: Self.callback(request, ["error": "access_denied"]), for: request)
      } == .refused(.signInDeclined))
    let text = try #require(
      trouble(
        await failure {
          try await api.signIn(
            callback: Self.callback(request, ["error": "server_error"]), for: request)
        }))
    #expect(text.contains("server_error"))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("a code the provider no longer redeems (invalid_grant) interrupts the sign-in")
  func usedCode() async throws {
    let (fake, api) = try Self.setUp()
    fake.answerToken(.json(status: 400, raw: #"{"error": "invalid_grant"}"#))
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    #expect(
      await failure {
        try await api.signIn(callback: Self.callback(request, ["code": "old"]), for: request)
      } == .refused(.signInInterrupted))
  }

  @Test("the ID token's nonce must be the one sent")
  func nonce() async throws {
    let (fake, api) = try Self.setUp()
    let request = try await api.authorizationRequest(redirectURI: Self.redirect)
    var claims: [String: Any] = [
      "iss": fake.issuer.absoluteString, "aud": "koober-public", "sub": "u-1",
      "exp": Date().timeIntervalSince1970 + 300, "iat": Date().timeIntervalSince1970,
      "nonce": "another",
    ]
    IDTokenCheckTests.answer(fake, idToken: try IDTokenCheckTests.jwt(claims))
    let text = try #require(
      trouble(
        await failure {
          try await api.signIn(callback: Self.callback(request, ["code": "c"]), for: request)
        }))
    #expect(text.contains("nonce"))
    claims["nonce"] = request.nonce
    let good = try IDTokenCheckTests.jwt(claims)
    IDTokenCheckTests.answer(fake, idToken: good)
    let session = try await api.signIn(
      callback: Self.callback(request, ["code": "c"]), for: request)
    #expect(session.idToken == good)
  }
}

@Suite("offline_access when discovery lists it")
struct OfflineAccessScopeTests {
  @Test(
    "added only when configured and listed in scopes_supported",
    arguments: [(true, true, true), (true, false, false), (false, true, false)])
  func added(configured: Bool, listed: Bool, expected: Bool) async throws {
    let fake = try FakeProvider()
    let base = fake.issuer.absoluteString
    var document: [String: JSONValue] = [
      "issuer": .string(base), "token_endpoint": .string(base + "/token"),
      "authorization_endpoint": .string(base + "/authorize"),
    ]
    if listed {
      document["scopes_supported"] = .array([.string("openid"), .string("offline_access")])
    }
    fake.answerDiscovery(.json(document))
    let api = OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
        addsOfflineAccessWhenSupported: configured))
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    let scope = BrowserSignInTests.query(request.url)["scope"]
    #expect(scope == "openid profile email" + (expected ? " offline_access" : ""))
  }
}

@Suite("switching accounts: prompt, login_hint and RP-initiated logout")
struct SwitchingAccountsTests {
  /// A browser that records the address it was given and comes back with `answer(url)`.
  final class RecordingAgent: BrowserUserAgent, @unchecked Sendable {
    let redirectURI = URL(string: "http://127.0.0.1:53682/callback")!
    let prompt: String?
    let loginHint: String?
    private let lock = NSLock()
    private var seen: [URL] = []
    var opened: [URL] { lock.withLock { seen } }

    init(prompt: String?, loginHint: String?) {
      self.prompt = prompt
      self.loginHint = loginHint
    }

    func authorize(_ url: URL) async throws(AuthFailure) -> URL {
      lock.withLock { seen.append(url) }
      let state = BrowserSignInTests.query(url)["state"] ?? ""
      return URL(string: redirectURI.absoluteString + "?code=c&state=\(state)")!
    }
  }

  @Test("the agent's prompt and login_hint go into the authorization request")
  func hints() async throws {
    let (fake, _) = try BrowserSignInTests.setUp()
    // Without `openid` the token answer needs no ID token: this test is about the request.
    let api = OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
        scopes: ["profile"]))
    fake.answerToken(.json(raw: FakeProvider.tokenAnswer))
    fake.server.route(.get, "/userinfo") { _ in .json(raw: #"{"sub": "u-1"}"#) }
    let agent = RecordingAgent(prompt: "login", loginHint: "ann@example.com")
    _ = try await api.signIn(with: agent)
    let query = BrowserSignInTests.query(try #require(agent.opened.first))
    #expect(query["prompt"] == "login")
    #expect(query["login_hint"] == "ann@example.com")
  }

  @Test("sign-out's browser step opens end_session_endpoint with the hint; none without it")
  func endSession() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token",
      "end_session_endpoint": "$base/logout",
    ])
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let session = UserSession(
      user: User(id: "u-1", identifier: "ann", email: nil, name: nil, type: .passenger),
      accessToken: "at-1", accessTokenExpiresAt: Date().addingTimeInterval(60),
      refreshToken: nil, refreshTokenExpiresAt: nil, idToken: "h.p.s", scope: nil)
    let agent = RecordingAgent(prompt: nil, loginHint: nil)
    try await api.endBrowserSession(session, with: agent)
    let opened = try #require(agent.opened.first)
    #expect(opened.absoluteString.hasPrefix(fake.issuer.absoluteString + "/logout?"))
    let query = BrowserSignInTests.query(opened)
    #expect(query["id_token_hint"] == "h.p.s")
    #expect(query["client_id"] == "koober-public")
    #expect(query["post_logout_redirect_uri"] == agent.redirectURI.absoluteString)
    #expect(query["state"]?.count == 43)
    let plain = try FakeProvider()
    plain.answerGoodDiscovery()
    let without = RecordingAgent(prompt: nil, loginHint: nil)
    try await OIDCAuthAPI(configuration: try plain.configuration())
      .endBrowserSession(session, with: without)
    #expect(without.opened.isEmpty)
  }
}

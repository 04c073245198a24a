import Foundation
import LoginCore
import LoopbackServer
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserOIDC
import TestSupport
import Testing
import UserModel
import WireFormat

/// What OpenID Connect and RFC 9207 require of a browser sign-in's answers: an ID token
/// whenever `openid` was asked for, and the authorization response's `iss` checked before
/// anything in it is believed.
@Suite("browser sign-in: OpenID Connect's ID token and RFC 9207's iss")
struct OpenIDConnectRulesTests {
  /// A good ID token from `fake` for Ann, carrying `nonce`.
  static func idToken(_ fake: FakeProvider, nonce: String) throws -> String {
    let now = Date().timeIntervalSince1970
    return try IDTokenCheckTests.jwt([
      "iss": fake.issuer.absoluteString, "aud": "koober-public", "sub": "u-1",
      "exp": now + 300, "iat": now - 5, "nonce": nonce,
    ])
  }

  /// A fake whose discovery names an authorization endpoint, says whether it sends `iss`
  /// (RFC 9207), and an adapter for it.
  static func setUp(advertisesIssuer: Bool) throws -> (FakeProvider, OIDCAuthAPI) {
    try setUp(issuerFlag: advertisesIssuer ? true : nil)
  }

  /// The same, with `authorization_response_iss_parameter_supported` as given (`nil`: absent).
  static func setUp(issuerFlag: JSONValue?) throws -> (FakeProvider, OIDCAuthAPI) {
    let fake = try FakeProvider()
    let base = fake.issuer.absoluteString
    var document: [String: JSONValue] = [
      "issuer": .string(base), "token_endpoint": .string(base + "/token"),
      "userinfo_endpoint": .string(base + "/userinfo"),
      "authorization_endpoint": .string(base + "/authorize"),
    ]
    document["authorization_response_iss_parameter_supported"] = issuerFlag
    fake.answerDiscovery(.json(document))
    return (fake, OIDCAuthAPI(configuration: try fake.configuration()))
  }

  /// A browser that comes straight back from the provider with a code and the request's
  /// state, as a provider that asked nothing would send it.
  struct AnsweringBrowser: BrowserUserAgent {
    let redirectURI = BrowserSignInTests.redirect

    func authorize(_ url: URL) async throws(AuthFailure) -> URL {
      let state = BrowserSignInTests.query(url)["state"] ?? ""
      var components = URLComponents(url: redirectURI, resolvingAgainstBaseURL: false)
      components?.queryItems = [
        URLQueryItem(name: "code", value: "code-1"), URLQueryItem(name: "state", value: state),
      ]
      guard let callback = components?.url else { throw .refused(.signInInterrupted) }
      return callback
    }
  }

  // MARK: - The ID token

  @Test("a code exchange answered without id_token, openid asked for: refused, nothing stored")
  func noIDTokenNothingStored() async throws {
    let fake = try FakeProvider()
    fake.answerDiscovery(members: [
      "issuer": "$base", "token_endpoint": "$base/token", "userinfo_endpoint": "$base/userinfo",
      "authorization_endpoint": "$base/authorize",
    ])
    // The default answer: a Bearer token and a refresh token, but no id_token.
    fake.answerToken(.json(raw: FakeProvider.tokenAnswer))
    let userinfo = Recorder()
    fake.server.route(.get, "/userinfo") { request in
      await userinfo.record(request)
      return .json(raw: #"{"sub": "u-1", "name": "Mallory"}"#)
    }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = FileSessionStore(directory: folder.url("Session"))
    let service = ServiceUser(
      remote: OIDCAuthAPI(configuration: try fake.configuration()),
      network: NetworkClient(baseURL: fake.issuer),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store)

    let refused = await failure { try await service.signIn(with: AnsweringBrowser()) }
    let text = try #require(trouble(refused), "\(String(describing: refused))")
    #expect(text.contains("id_token") && text.contains("openid"))
    #expect(await fake.requests.all.count == 1, "the code was exchanged once")
    #expect(await userinfo.all.isEmpty, "refused before the tokens were used")
    #expect(try store.load() == nil)
    #expect(await service.currentSession == nil)
  }

  @Test("the same answer with an ID token carrying the nonce signs in")
  func withIDToken() async throws {
    let (fake, api) = try BrowserSignInTests.setUp()
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    let token = try Self.idToken(fake, nonce: request.nonce)
    IDTokenCheckTests.answer(fake, idToken: token)
    let session = try await api.signIn(
      callback: BrowserSignInTests.callback(request, ["code": "c"]), for: request)
    #expect(session.idToken == token)
  }

  @Test("without openid in the scope, an OAuth-only answer without id_token signs in")
  func oauthOnly() async throws {
    let (fake, _) = try BrowserSignInTests.setUp()
    defer { withExtendedLifetime(fake) {} }
    let api = OIDCAuthAPI(
      configuration: try OIDCConfiguration(
        issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger,
        scopes: ["profile"]))
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    let session = try await api.signIn(
      callback: BrowserSignInTests.callback(request, ["code": "c"]), for: request)
    #expect(session.idToken == nil && session.accessToken == "at-1")
  }

  // MARK: - The authorization response's issuer (RFC 9207)

  @Test(
    "an iss that is not the issuer is refused before the code is redeemed",
    arguments: [false, true])
  func wrongIssuer(advertised: Bool) async throws {
    let (fake, api) = try Self.setUp(advertisesIssuer: advertised)
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    IDTokenCheckTests.answer(fake, idToken: try Self.idToken(fake, nonce: request.nonce))
    let issuer = fake.issuer.absoluteString
    for iss in ["https://evil.example", issuer + "/", issuer.uppercased(), ""] {
      let callback = BrowserSignInTests.callback(request, ["code": "c", "iss": iss])
      #expect(
        await failure { try await api.signIn(callback: callback, for: request) }
          == .refused(.signInInterrupted), "iss \(iss)")
    }
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("an error from another issuer is not taken as the person saying no")
  func errorFromAnotherIssuer() async throws {
    let (fake, api) = try Self.setUp(advertisesIssuer: false)
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    let callback = BrowserSignInTests.callback(
      request, ["error": "access_denied", "iss": "https://evil.example"])
    #expect(
      await failure { try await api.signIn(callback: callback, for: request) }
        == .refused(.signInInterrupted))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("no iss from a provider whose discovery says it sends one is refused")
  func missingIssuer() async throws {
    let (fake, api) = try Self.setUp(advertisesIssuer: true)
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    IDTokenCheckTests.answer(fake, idToken: try Self.idToken(fake, nonce: request.nonce))
    let callback = BrowserSignInTests.callback(request, ["code": "c"])
    #expect(
      await failure { try await api.signIn(callback: callback, for: request) }
        == .refused(.signInInterrupted))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test(
    "only JSON's true advertises iss: 1 or \"true\" does not, so a response without iss signs in",
    arguments: [JSONValue.number(1), .string("true")])
  func issuerFlagIsStrict(flag: JSONValue) async throws {
    let (fake, api) = try Self.setUp(issuerFlag: flag)
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    IDTokenCheckTests.answer(fake, idToken: try Self.idToken(fake, nonce: request.nonce))
    let session = try await api.signIn(
      callback: BrowserSignInTests.callback(request, ["code": "c"]), for: request)
    #expect(session.user.id == "u-1")
  }

  @Test("iss sent twice is refused, even when both name the issuer")
  func twoIssuers() async throws {
    let (fake, api) = try Self.setUp(advertisesIssuer: true)
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    var components = try #require(
      URLComponents(
        url: BrowserSignInTests.callback(request, ["code": "c"]), resolvingAgainstBaseURL: false))
    let iss = URLQueryItem(name: "iss", value: fake.issuer.absoluteString)
    components.queryItems = (components.queryItems ?? []) + [iss, iss]
    let callback = try #require(components.url)
    #expect(
      await failure { try await api.signIn(callback: callback, for: request) }
        == .refused(.signInInterrupted))
    #expect(await fake.requests.all.isEmpty)
  }

  @Test("the right iss is accepted, advertised or not; none is accepted when not advertised")
  func rightIssuer() async throws {
    for advertised in [false, true] {
      let (fake, api) = try Self.setUp(advertisesIssuer: advertised)
      var answers: [[String: String]] = [["code": "c", "iss": fake.issuer.absoluteString]]
      if !advertised { answers.append(["code": "c"]) }
      for items in answers {
        let request = try await api.authorizationRequest(
          redirectURI: BrowserSignInTests.redirect)
        IDTokenCheckTests.answer(fake, idToken: try Self.idToken(fake, nonce: request.nonce))
        let session = try await api.signIn(
          callback: BrowserSignInTests.callback(request, items), for: request)
        #expect(session.user.id == "u-1", "advertised \(advertised), \(items)")
      }
    }
  }
}

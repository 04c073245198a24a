import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

@Suite("token endpoint answers and client authentication, against a fake provider")
struct TokenAnswerTests {
  let ann = SignInCredentials(identifier: "ann@example.com", password: "p+ &=%é")

  @Test(
    "a token answer that is not a usable Bearer answer is server trouble saying why",
    arguments: TroubleAnswer.all)
  func unusableAnswer_isTrouble(_ answer: TroubleAnswer) async throws {
    let fake = try FakeProvider()
    fake.answerToken(answer.response)
    let text = try await fake.signInTrouble()
    for part in answer.saying { #expect(text.contains(part)) }
  }

  @Test("token_type is read case-insensitively and a missing expires_in means an hour")
  func lowercaseBearer_withoutExpiry_isAnHour() async throws {
    let fake = try FakeProvider()
    fake.answerToken(
      .json(raw: #"{"access_token": "at", "token_type": "bearer", "refresh_token": "rt"}"#))
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { start })
    let signedIn = try #require(session(of: try await api.signIn(ann)))
    #expect(signedIn.accessTokenExpiresAt == start.addingTimeInterval(3600))
    // OAuth does not tell a refresh token's lifetime: none is made up.
    #expect(signedIn.refreshToken == "rt")
    #expect(signedIn.refreshTokenExpiresAt == nil)
  }

  @Test("a 503 with Retry-After is busy for that many seconds")
  func busyWithRetryAfter_isBusy() async throws {
    let fake = try FakeProvider()
    fake.answerToken(.text(status: 503, "busy").withHeader("Retry-After", "7"))
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    #expect(
      await failure { try await api.signIn(ann) } == .unavailable(.busy(retryAfterSeconds: 7)))
  }

  @Test("unsupported_grant_type means the provider has no password sign-in")
  func unsupportedGrant_isUnsupported() async throws {
    let fake = try FakeProvider()
    fake.answerToken(.json(status: 400, raw: #"{"error": "unsupported_grant_type"}"#))
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    #expect(await failure { try await api.signIn(ann) } == .unsupported(.signIn))
  }

  @Test("a public client sends client_id in a form body, every reserved byte percent-encoded")
  func publicClient_formBody() async throws {
    let fake = try FakeProvider()
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    _ = try await api.signIn(ann)
    let request = try #require(await fake.requests.all.first)
    #expect(request.header("Authorization") == nil)
    #expect(request.header("Content-Type")?.hasPrefix("application/x-www-form-urlencoded") == true)
    #expect(request.header("Accept") == "application/json")
    let body = String(decoding: request.body, as: UTF8.self)
    #expect(
      body == "grant_type=password&username=ann%40example.com&password=p%2B%20%26%3D%25%C3%A9"
        + "&scope=openid%20profile%20email&client_id=koober-public")
  }

  @Test("no configured scopes sends no scope field (the provider's defaults)")
  func noScopes_noScopeField() async throws {
    let fake = try FakeProvider()
    let configuration = try OIDCConfiguration(
      issuer: fake.issuer, clientID: "koober-public", defaultUserType: .passenger, scopes: [])
    _ = try await OIDCAuthAPI(configuration: configuration).signIn(ann)
    let body = String(decoding: try #require(await fake.requests.all.first).body, as: UTF8.self)
    #expect(!body.contains("scope"))
  }

  @Test("a confidential client authenticates by HTTP Basic with form-encoded id and secret")
  func confidentialClient_basicAuth() async throws {
    let fake = try FakeProvider()
    let api = OIDCAuthAPI(configuration: try fake.configuration(clientSecret: "s:e c+"))
    _ = try await api.signIn(ann)
    let request = try #require(await fake.requests.all.first)
    let expected = Data("koober-public:s%3Ae%20c%2B".utf8).base64EncodedString()
    #expect(request.header("Authorization") == "Basic " + expected)
    #expect(!String(decoding: request.body, as: UTF8.self).contains("client_id"))
  }

  @Test("a user type claim that is not a UserType word is server trouble naming it")
  func unknownUserType_isTrouble() async throws {
    let fake = try FakeProvider()
    fake.server.route(.get, "/userinfo") { _ in
      .json(raw: #"{"sub": "u-2", "email": "eve@example.com", "koober_type": "Staff 1!"}"#)
    }
    let text = try await fake.signInTrouble(try fake.configuration(userTypeClaim: "koober_type"))
    #expect(text.contains("koober_type has 'Staff 1!'"))
  }

  @Test("the client secret and password appear in no description or error message")
  func secrets_areRedacted() async throws {
    let fake = try FakeProvider()
    fake.answerToken(
      .json(status: 401, raw: #"{"error": "invalid_client", "error_description": "bad"}"#))
    let configuration = try fake.configuration(clientSecret: "t0p-s3cret")
    let api = OIDCAuthAPI(configuration: configuration)
    let refused = try #require(await failure { try await api.signIn(ann) })
    var dumped = ""
    dump(configuration, to: &dumped)
    for text in [refused.message, "\(refused)", "\(configuration)", dumped] {
      #expect(!text.contains("t0p-s3cret"))
      #expect(!text.contains(ann.password))
    }
    #expect(refused.description.contains("client koober-public"))
  }
}

/// A token answer the adapter cannot use, and what its server-trouble text must say.
struct TroubleAnswer: Sendable, CustomTestStringConvertible {
  let name: String
  let response: HTTPResponse
  let saying: [String]

  var testDescription: String { name }

  static let all = [
    TroubleAnswer(
      name: "an access token with a line break",
      response: .json(raw: #"{"access_token": "at\r\nX-Evil: 1", "token_type": "Bearer"}"#),
      saying: ["b64token"]),
    TroubleAnswer(
      name: "a refresh token with a NUL",
      response: .json(
        raw: #"{"access_token": "at", "token_type": "Bearer", "refresh_token": "r\u0000t"}"#),
      saying: ["visible ASCII"]),
    TroubleAnswer(
      name: "token_type mac",
      response: .json(
        raw: #"{"access_token": "at", "token_type": "mac", "refresh_token": "rt"}"#),
      saying: ["'mac'", "Bearer"]),
    TroubleAnswer(
      name: "no access_token",
      response: .json(raw: #"{"token_type": "Bearer", "refresh_token": "rt"}"#),
      saying: ["without an access_token"]),
    TroubleAnswer(
      name: "a 500 that is not JSON",
      response: .text(status: 500, "<html>Internal Server Error</html>"),
      saying: ["HTTP 500"]),
  ]
}

@Suite("A provider's text in the library's messages")
struct ProviderTextTests {
  @Test("an error_description with ESC, bidi and zero-width characters is shown without them")
  func cleaned() async throws {
    let fake = try FakeProvider()
    let hostile = #"bad\u001b]52;c;ZXZpbA==\u0007 \u202eclient\u200b\nnext"#
    let body = #"{"error": "invalid_request", "error_description": ""# + hostile + #""}"#
    fake.answerToken(.json(status: 400, raw: body))
    let text = try await fake.signInTrouble()
    let unsafe = text.unicodeScalars.filter { scalar in
      [.control, .format].contains(scalar.properties.generalCategory)
    }
    #expect(unsafe.isEmpty)
    #expect(text.contains("invalid_request"))
    #expect(text.contains("client"))
  }
}

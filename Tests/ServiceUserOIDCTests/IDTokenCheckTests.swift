import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel

/// ID tokens from the token endpoint are checked as OpenID Connect Core §3.1.3.7 says, and
/// against userinfo (§5.3.2) and the earlier token on refresh (§12.2).
@Suite("ID tokens checked, against a fake provider")
struct IDTokenCheckTests {
  static let now = Date(timeIntervalSince1970: 1_800_000_000)
  let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")

  /// An unsigned compact JWT with these claims.
  static func jwt(_ claims: [String: Any]) throws -> String {
    func encoded(_ object: [String: Any]) throws -> String {
      try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        .base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
    }
    return try encoded(["alg": "RS256", "typ": "JWT"]) + "." + encoded(claims) + ".c2ln"
  }

  /// Good claims for the fake: its issuer, this client, Ann's `sub`, valid now.
  static func claims(_ fake: FakeProvider) -> [String: Any] {
    [
      "iss": fake.issuer.absoluteString, "aud": "koober-public", "sub": "u-1",
      "exp": now.timeIntervalSince1970 + 300, "iat": now.timeIntervalSince1970 - 5,
    ]
  }

  /// Makes the fake's token endpoint answer with `idToken`.
  static func answer(_ fake: FakeProvider, idToken: String) {
    let body = #"{"access_token": "at-1", "token_type": "Bearer", "expires_in": 60, "#
      + #""refresh_token": "rt-1", "id_token": "\#(idToken)"}"#
    fake.answerToken(.json(status: 200, raw: body))
  }

  @Test("a good ID token is kept with the session")
  func goodToken() async throws {
    let fake = try FakeProvider()
    let token = try Self.jwt(Self.claims(fake))
    Self.answer(fake, idToken: token)
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { Self.now })
    let signedIn = try #require(session(of: try await api.signIn(ann)))
    #expect(signedIn.idToken == token)
  }

  /// A claim changed, and what the refusal says.
  struct Case: Sendable, CustomStringConvertible {
    let name: String
    let change: @Sendable (inout [String: Any]) -> Void
    let saying: String
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "another iss", change: { $0["iss"] = "https://evil.example" }, saying: "iss"),
    Case(name: "another aud", change: { $0["aud"] = "someone-else" }, saying: "aud"),
    Case(
      name: "several audiences, no azp", change: { $0["aud"] = ["koober-public", "other"] },
      saying: "azp"),
    Case(name: "another azp", change: { $0["azp"] = "other" }, saying: "azp"),
    Case(
      name: "expired", change: { $0["exp"] = now.timeIntervalSince1970 - 400 }, saying: "exp"),
    Case(
      name: "issued in the future", change: { $0["iat"] = now.timeIntervalSince1970 + 900 },
      saying: "iat"),
    Case(name: "no sub", change: { $0["sub"] = nil }, saying: "sub"),
    Case(name: "sub unlike userinfo's", change: { $0["sub"] = "u-2" }, saying: "sub"),
  ]

  @Test("a wrong claim refuses the sign-in with one sentence, nothing returned", arguments: cases)
  func wrongClaim(_ wrong: Case) async throws {
    let fake = try FakeProvider()
    var claims = Self.claims(fake)
    wrong.change(&claims)
    Self.answer(fake, idToken: try Self.jwt(claims))
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { Self.now })
    let text = try #require(trouble(await failure { try await api.signIn(ann) }))
    #expect(text.contains("ID token"))
    #expect(text.contains(wrong.saying), "\(text)")
  }

  @Test("an ID token that is not a JWT is refused")
  func notAJWT() async throws {
    let fake = try FakeProvider()
    Self.answer(fake, idToken: "not-a-jwt")
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { Self.now })
    let text = try #require(trouble(await failure { try await api.signIn(ann) }))
    #expect(text.contains("not a JWT"))
  }

  @Test("on refresh an ID token with another sub is refused; the same sub is kept")
  func refreshSubject() async throws {
    let fake = try FakeProvider()
    let first = try Self.jwt(Self.claims(fake))
    Self.answer(fake, idToken: first)
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { Self.now })
    let signedIn = try #require(session(of: try await api.signIn(ann)))

    var same = Self.claims(fake)
    same["iat"] = Self.now.timeIntervalSince1970
    let renewedToken = try Self.jwt(same)
    Self.answer(fake, idToken: renewedToken)
    #expect(try await api.refresh(signedIn).idToken == renewedToken)

    var other = Self.claims(fake)
    other["sub"] = "u-2"
    Self.answer(fake, idToken: try Self.jwt(other))
    let text = try #require(trouble(await failure { try await api.refresh(signedIn) }))
    #expect(text.contains("sub"))
  }
}

import Foundation
import LoginCore
import LoopbackServer
import ServiceUserOIDC
import Testing
import UserModel
import WireFormat

/// A hostile provider's own text (the issuer its discovery names, an ID token's `iss`, an
/// `error` it sends the browser back with) reaches a failure's description and message
/// cleaned: no ESC, BEL, line break or bidi control, and cut short.
@Suite("A provider's text in failures, cleaned")
struct ProviderTextCleaningTests {
  /// An issuer-looking text that would retitle a terminal, ring its bell, start a new log line
  /// and turn what follows around.
  static let hostile = "https://id\u{1B}]0;owned\u{07}\n\u{202E}elpmaxe.evil\u{2066}"

  /// Every character that acts rather than shows.
  static func acting(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator: true
      default: false
      }
    }
  }

  /// Checks a failure's text, description and message: nothing acting, the hostile part
  /// visible with its controls replaced.
  static func expectCleaned(
    _ failure: AuthFailure?, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard let failure, let text = trouble(failure) else {
      Issue.record(
        "expected trouble, got \(String(describing: failure))", sourceLocation: sourceLocation)
      return
    }
    for shown in [text, failure.description, failure.message, failure.errorDescription ?? ""] {
      #expect(acting(shown).isEmpty, "\(shown.debugDescription)", sourceLocation: sourceLocation)
    }
    #expect(
      failure.description.contains("id\u{FFFD}]0;owned\u{FFFD} \u{FFFD}elpmaxe.evil"),
      "\(failure.description.debugDescription)", sourceLocation: sourceLocation)
  }

  @Test("a discovery document naming a hostile issuer")
  func discoveryIssuer() async throws {
    let fake = try FakeProvider()
    let base = fake.issuer.absoluteString
    let document: [String: JSONValue] = [
      "issuer": .string(Self.hostile), "token_endpoint": .string(base + "/token"),
      "userinfo_endpoint": .string(base + "/userinfo"),
    ]
    fake.answerDiscovery(.json(document))
    let api = OIDCAuthAPI(configuration: try fake.configuration())
    let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")
    Self.expectCleaned(await failure { try await api.signIn(ann) })
  }

  @Test("an ID token whose iss is hostile")
  func idTokenIssuer() async throws {
    let fake = try FakeProvider()
    var claims = IDTokenCheckTests.claims(fake)
    claims["iss"] = Self.hostile
    IDTokenCheckTests.answer(fake, idToken: try IDTokenCheckTests.jwt(claims))
    let api = OIDCAuthAPI(configuration: try fake.configuration(), now: { IDTokenCheckTests.now })
    let ann = SignInCredentials(identifier: "ann@example.com", password: "pw")
    Self.expectCleaned(await failure { try await api.signIn(ann) })
  }

  @Test("a browser sent back with a hostile error")
  func callbackError() async throws {
    let (fake, api) = try BrowserSignInTests.setUp()
    defer { withExtendedLifetime(fake) {} }
    let request = try await api.authorizationRequest(redirectURI: BrowserSignInTests.redirect)
    let callback = BrowserSignInTests.callback(request, ["error": "x\u{1B}[2J\u{202E}y"])
    let refused = await failure { try await api.signIn(callback: callback, for: request) }
    let text = try #require(trouble(refused))
    #expect(Self.acting(text).isEmpty && Self.acting(refused?.description ?? "").isEmpty)
    #expect(text.contains("x\u{FFFD}[2J\u{FFFD}y"))
  }

  @Test("a very long issuer is cut short in the description")
  func longIssuer() async throws {
    let fake = try FakeProvider()
    let base = fake.issuer.absoluteString
    let long = "https://" + String(repeating: "a", count: 20_000) + ".example"
    let document: [String: JSONValue] = [
      "issuer": .string(long), "token_endpoint": .string(base + "/token"),
      "userinfo_endpoint": .string(base + "/userinfo"),
    ]
    fake.answerDiscovery(.json(document))
    let text = try await fake.signInTrouble()
    #expect(text.count < 1_000)
    #expect(text.contains("…"))
  }
}

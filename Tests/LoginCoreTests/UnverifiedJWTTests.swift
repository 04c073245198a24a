import Foundation
import LoginCore
import Testing

@Suite("reading a JWT's claims without verifying it")
struct UnverifiedJWTTests {
  /// A compact JWT with `payload` as its payload (the header and signature are not read).
  static func token(_ payload: String) -> String {
    let encoded = Data(payload.utf8).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
    return "eyJhbGciOiJIUzI1NiJ9.\(encoded).c2lnbmF0dXJl"
  }

  @Test("simplejwt's access token: exp, iat, the user id and a boolean")
  func simplejwt() throws {
    let jwt = try #require(
      UnverifiedJWT(
        Self.token(
          #"{"token_type":"access","exp":1795250100,"iat":1795249800,"jti":"5f?>","#
            + #""user_id":"42","staff":false,"groups":["a"],"nested":{"x":1}}"#)))
    #expect(jwt.expiresAt == Date(timeIntervalSince1970: 1_795_250_100))
    #expect(jwt.issuedAt == Date(timeIntervalSince1970: 1_795_249_800))
    #expect(jwt.string("user_id") == "42")
    #expect(jwt.string("jti") == "5f?>")
    #expect(jwt.claims["staff"] == .bool(false))
    #expect(jwt.claims["groups"] == .other && jwt.claims["nested"] == .other)
    #expect(jwt.subject == nil && jwt.issuer == nil)
    #expect(jwt.number("user_id") == nil)
  }

  @Test(
    "anything that is not a compact JWT with a JSON object payload is nil",
    arguments: [
      "", "abc", "a.b", "a.b.c.d", "eyJ9.!!!.sig", UnverifiedJWTTests.token("[1, 2]"),
      UnverifiedJWTTests.token("not json"), UnverifiedJWTTests.token(#"{"exp": 1"#),
      "x." + String(repeating: "A", count: UnverifiedJWT.maximumLength) + ".y",
    ])
  func refused(token: String) {
    #expect(UnverifiedJWT(token) == nil)
  }

  @Test("an exp that is not a finite number is no date")
  func badExpiry() throws {
    #expect(try #require(UnverifiedJWT(Self.token(#"{"exp": "soon"}"#))).expiresAt == nil)
    #expect(try #require(UnverifiedJWT(Self.token(#"{"exp": 1e400}"#))).expiresAt == nil)
  }
}

import LoginCore
import Testing

@Suite("WWW-Authenticate Bearer challenges (RFC 6750 §3)")
struct BearerChallengeTests {
  @Test(
    "the Bearer challenge's parameters are read, whatever comes before or after it",
    arguments: [
      (#"Bearer error="invalid_token""#, "invalid_token"),
      (#"Bearer realm="api", error="invalid_token", error_description="expired""#,
       "invalid_token"),
      (#"bearer ERROR=invalid_token"#, "invalid_token"),
      (#"Basic realm="x", Bearer error="insufficient_scope", scope="rides""#,
       "insufficient_scope"),
      (#"Basic dXNlcjpwYXNz, Bearer error="invalid_token""#, "invalid_token"),
      (#"Bearer realm="a \"quoted\" realm", error="invalid_request""#, "invalid_request"),
    ])
  func reads(value: String, error: String) {
    #expect(BearerChallenge(value)?.error == error)
  }

  @Test(
    "no Bearer challenge, or one without an error", arguments: ["", "Basic realm=\"x\"", "Bearer"])
  func noError(value: String) {
    #expect(BearerChallenge(value)?.error == nil)
  }

  @Test("the header is found in any case; a quoted value keeps its commas")
  func headerLookup() {
    let challenge = BearerChallenge(headers: [
      "www-authenticate": #"Bearer realm="a, b", error="invalid_token""#
    ])
    #expect(challenge?.parameters == ["realm": "a, b", "error": "invalid_token"])
  }

  @Test("a 401 with invalid_token rejects the token; other answers never end a session")
  func standardReading() {
    let invalid = ["WWW-Authenticate": #"Bearer error="invalid_token""#]
    #expect(AuthFailure.standard(status: 401, headers: invalid) == .refused(.accessTokenRejected))
    #expect(
      AuthFailure.standard(status: 401, headers: [:])
        == .unavailable(.unexpectedAnswer(status: 401, "the server answered HTTP 401.")))
    #expect(
      AuthFailure.standard(status: 503, headers: ["Retry-After": "7"])
        == .unavailable(.busy(retryAfterSeconds: 7)))
    #expect(!AuthFailure.standard(status: 403, headers: invalid).endsSession)
  }
}

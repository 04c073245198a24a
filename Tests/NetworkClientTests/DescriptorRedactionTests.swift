import Foundation
import NetworkClient
import Testing

/// Fields whose names sound secret but describe one (`token_type`, `token_endpoint`,
/// `code_challenge_methods_supported`, an error's `code`) are shown when their value has a
/// descriptor's shape; a one-time code or an authorization code never is.
@Suite("Redaction shows descriptors of secrets, never the secrets")
struct DescriptorRedactionTests {
  static func excerpt(_ json: String) throws -> String {
    try #require(NetworkError.http(status: 400, body: Data(json.utf8)).excerpt)
  }

  @Test(
    "error codes, token types, endpoints and supported methods stay readable",
    arguments: [
      #"{"error": {"code": "invalid_credentials", "message": "Wrong email or password."}}"#,
      #"{"errors": [{"code": "email_taken"}, {"code": "mfa_required"}]}"#,
      #"{"error": "invalid_grant", "error_description": "The code has expired."}"#,
      #"{"access_token": "sec-at", "token_type": "Bearer", "expires_in": 3600}"#,
      #"{"issued_token_type": "urn:ietf:params:oauth:token-type:access_token"}"#,
      #"{"token_endpoint": "https://id.example.com/o/token/"}"#,
      #"{"code_challenge_methods_supported": ["S256", "plain"]}"#,
      #"{"token_endpoint_auth_methods_supported": ["client_secret_basic", "none"]}"#,
      #"{"status_code": 429, "error_code": "rate_limited"}"#,
      #"{"errorCode": "session_expired", "statusCode": 401}"#,
    ])
  func descriptorsShown(json: String) throws {
    // Everything is shown as sent, but the one access token.
    let shown = try Self.excerpt(json)
    #expect(shown == json.replacingOccurrences(of: #""sec-at""#, with: #""<redacted>""#))
  }

  @Test(
    "a one-time or authorization code, and a descriptor-named secret, stay hidden",
    arguments: [
      #"{"code": "123456"}"#, #"{"code": "sec-word"}"#, #"{"code": "invalid_credentials"}"#,
      #"{"error": {"code": "123456"}}"#, #"{"error": {"code": "a1b2c3"}}"#,
      #"{"error": {"otp_code": "expired"}}"#, #"{"otp_code": "sec-word"}"#,
      #"{"details": {"code": "sec_word"}}"#, #"{"error": {"details": {"code": "sec_word"}}}"#,
      #"{"token_endpoint": "https://id.example.com/t?access_token=sec-word"}"#,
      #"{"token_endpoint": "https://ann:sec-word@id.example.com/t"}"#,
      #"{"token_type": "sec word with spaces"}"#, #"{"token_type": 4321}"#,
      #"{"pin_type": "sec_word"}"#, #"{"password_hint": "sec_word"}"#,
      #"{"code_challenge_methods_supported": "sec-word"}"#,
      #"{"error_code": "sec word"}"#, #"{"status_code": "4321"}"#,
    ])
  func secretsHidden(json: String) throws {
    let shown = try Self.excerpt(json)
    for secret in ["123456", "sec", "a1b2c3", "expired", "4321", "invalid_credentials"] {
      #expect(!shown.contains(secret), "\(secret) leaked in: \(shown)")
    }
  }

  @Test("an authorization code in a callback query or a form is hidden; a token type hint is not")
  func codeInQueryAndForm() throws {
    let query = Endpoint(
      .get, "/callback",
      query: [
        URLQueryItem(name: "code", value: "invalid_credentials"),
        URLQueryItem(name: "state", value: "st-1"),
      ])
    let form = Endpoint(
      .post, "/o/revoke/",
      body: Data("token=sec-rt&token_type_hint=refresh_token&code=splx_abc".utf8))
    for text in ["\(query)", "\(form)"] {
      #expect(!text.contains("invalid_credentials"), "leaked in: \(text)")
      #expect(!text.contains("sec-rt"), "leaked in: \(text)")
      #expect(!text.contains("splx_abc"), "leaked in: \(text)")
    }
    #expect("\(query)".contains("state=st-1"))
    #expect("\(form)".contains("token_type_hint=refresh_token"))
  }
}

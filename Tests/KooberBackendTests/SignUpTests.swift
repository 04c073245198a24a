import Foundation
import Testing

@Suite("POST /v1/auth/sign-up")
struct SignUpTests {
  @Test("sign-up answers 201 with a session, the email trimmed and lower-cased, the name trimmed")
  func signUp_returnsSession() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.signUp("  Ann@Example.COM ", name: "  Ann  ")
    #expect(response.status == 201)
    let user = response.user
    #expect(user["email"] as? String == "ann@example.com")
    #expect(user["name"] as? String == "Ann")
    #expect(user["type"] as? String == "passenger")
    let id = try #require(user["id"] as? String)
    #expect(id.hasPrefix("usr_") && id.count == 30)
    #expect(response.string("expiresAt") == "2026-11-21T08:45:00Z")
    #expect(response.string("refreshExpiresAt") == "2026-12-21T08:30:00Z")
    // 256 random bits in base32 is 52 characters; the API asks for at least 128 bits.
    #expect(response.string("token")?.count == 52)
    #expect(response.string("refreshToken")?.count == 52)
    #expect(response.string("token") != response.string("refreshToken"))
    #expect(response.headers["content-type"] == "application/json; charset=utf-8")
  }

  @Test("a sign-up without a name, or with null, has a null name; drivers get a session too")
  func signUp_withoutName_hasNullName() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let first = try await server.signUp("dan@example.com", type: "driver")
    #expect(first.status == 201)
    #expect(first.user["name"] is NSNull)
    #expect(first.user["type"] as? String == "driver")
    let second = try await server.send(
      "POST", "/v1/auth/sign-up",
      json: ["email": "eve@example.com", "password": "passw0rd!", "name": NSNull(),
             "type": "passenger"])
    #expect(second.status == 201)
    #expect(second.user["name"] is NSNull)
  }

  @Test(
    "invalid sign-up input answers 422 with the rule's code",
    arguments: [
      ("ann@example", "passw0rd!", "Ann", "passenger", "invalid_email"),
      ("ann example@x.com", "passw0rd!", "Ann", "passenger", "invalid_email"),
      (String(repeating: "a", count: 250) + "@x.com", "passw0rd!", "Ann", "passenger",
       "invalid_email"),
      ("a@b@example.com", "passw0rd!", "Ann", "passenger", "invalid_email"),
      ("", "passw0rd!", "Ann", "passenger", "invalid_email"),
      ("a\u{1B}[31mb@x.co", "passw0rd!", "Ann", "passenger", "invalid_email"),
      ("ann\u{7F}@example.com", "passw0rd!", "Ann", "passenger", "invalid_email"),
      ("ann@example.com", "pass0rd", "Ann", "passenger", "weak_password"),
      ("ann@example.com", "12345678", "Ann", "passenger", "weak_password"),
      ("ann@example.com", "password", "Ann", "passenger", "weak_password"),
      ("ann@example.com", "passw0rd!", String(repeating: "n", count: 51), "passenger",
       "invalid_name"),
      ("ann@example.com", "passw0rd!", "An\nn", "passenger", "invalid_name"),
      ("ann@example.com", "passw0rd!", "An\u{0}n", "passenger", "invalid_name"),
      ("ann@example.com", "passw0rd!", "Ann", "admin", "invalid_type"),
      ("ann@example", "short", "An\nn", "admin", "invalid_email"),
      ("ann@example.com", "short", "An\nn", "admin", "weak_password"),
      ("ann@example.com", "passw0rd!", "An\nn", "admin", "invalid_name"),
    ])
  func signUp_invalidInput_answers422(
    email: String, password: String, name: String, type: String, code: String
  ) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.signUp(email, password: password, name: name, type: type)
    #expect(response.status == 422)
    #expect(response.errorCode == code)
    #expect((response.error["message"] as? String)?.isEmpty == false)
  }

  @Test("a name of 50 scalars and a password with a non-Latin letter are accepted")
  func signUp_atTheLimits_succeeds() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let name = String(repeating: "ö", count: 50)
    let response = try await server.signUp(
      "zoë@exämple.com", password: "пароль123", name: name)
    #expect(response.status == 201)
    #expect(response.user["name"] as? String == name)
  }

  @Test("a taken email answers 409 email_taken, compared case-insensitively")
  func signUp_takenEmail_answers409() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let again = try await server.signUp(" ANN@example.com", type: "driver")
    #expect(again.status == 409)
    #expect(again.errorCode == "email_taken")
  }

  @Test("a weak password answers 422 even when the email is taken (422 before 409)")
  func signUp_weakPasswordAndTakenEmail_answers422() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let again = try await server.signUp("ann@example.com", password: "weak")
    #expect(again.status == 422)
    #expect(again.errorCode == "weak_password")
  }

  @Test(
    "a body that is not a JSON object, or lacks a field, or has a field of the wrong type, is 400",
    arguments: [
      #"{"email": "ann@example.com", "password": "passw0rd!"}"#,
      #"{"email": 42, "password": "passw0rd!", "type": "passenger"}"#,
      #"{"email": "ann@example.com", "password": true, "type": "passenger"}"#,
      #"{"email": "ann@example.com", "password": "passw0rd!", "type": ["driver"]}"#,
      #"{"email": "ann@example.com", "password": "passw0rd!", "name": 7, "type": "driver"}"#,
      #"{"email": "ann@example.com", "password": "passw0rd!", "type": null}"#,
      #"["ann@example.com", "passw0rd!"]"#,
      #""ann@example.com""#,
      #"{"email": "ann@example.com", "password": "passw0rd!", "type": "passenger""#,
      "",
      "null",
    ])
  func signUp_malformedBody_answers400(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.send("POST", "/v1/auth/sign-up", body: Data(body.utf8))
    #expect(response.status == 400)
    #expect(response.errorCode == "malformed_body")
  }

  @Test("a JSON body sent as text/plain is 415 and signs no one up (a cross-site form)")
  func signUp_withTextContentType_isRefused() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let body = #"{"email": "ann@example.com", "password": "passw0rd!", "type": "passenger"}"#
    let response = try await server.send(
      "POST", "/v1/auth/sign-up", body: Data(body.utf8),
      headers: ["Content-Type": "text/plain"])
    #expect(response.status == 415)
    #expect(response.errorCode == "unsupported_media_type")
    #expect(try await server.signIn("ann@example.com").status == 401)
  }
}

import Foundation
import Testing

@Suite("GET and PATCH /v1/users/me")
struct UserRoutesTests {
  private func patch(_ server: TestBackend, _ body: String, token: String?) async throws
    -> APIResponse
  {
    try await server.send("PATCH", "/v1/users/me", body: Data(body.utf8), token: token)
  }

  @Test("GET answers the signed-in user; without a token it is 401 invalid_token")
  func me_returnsUser() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com", name: "Ann")
    let me = try await server.send("GET", "/v1/users/me", token: signUp.string("token"))
    #expect(me.status == 200)
    #expect(me.json["id"] as? String == signUp.user["id"] as? String)
    #expect(me.json["email"] as? String == "ann@example.com")
    #expect(me.json["name"] as? String == "Ann")
    #expect(me.json["type"] as? String == "passenger")
    #expect(try await server.send("GET", "/v1/users/me").errorCode == "invalid_token")
  }

  @Test("PATCH sets a trimmed name, and null or an empty name clears it")
  func updateName_setsAndClears() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    var names: [String] = []
    for body in [
      #"{"name": "  Annie  "}"#, #"{"name": null}"#, #"{"name": "Ann"}"#, #"{"name": ""}"#,
    ] {
      let response = try await patch(server, body, token: token)
      #expect(response.status == 200)
      names.append((response.json["name"] as? String) ?? "<null>")
    }
    #expect(names == ["Annie", "<null>", "Ann", "<null>"])
    let me = try await server.send("GET", "/v1/users/me", token: token)
    #expect(me.json["name"] is NSNull)
  }

  @Test("a name stays after a sign-in, and other users are untouched")
  func updateName_isStored() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    try await server.signUp("bob@example.com", name: "Bob")
    _ = try await patch(server, #"{"name": "Annie"}"#, token: token)
    #expect(try await server.signIn("ann@example.com").user["name"] as? String == "Annie")
    #expect(try await server.signIn("bob@example.com").user["name"] as? String == "Bob")
  }

  @Test(
    "an invalid name answers 422 invalid_name and changes nothing",
    arguments: [
      #"{"name": "\#(String(repeating: "x", count: 51))"}"#, #"{"name": "A\tB"}"#,
      #"{"name": "A\u0000B"}"#, #"{"name": "\u0007"}"#,
    ])
  func updateName_invalid_answers422(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(
      try await server.signUp("ann@example.com", name: "Ann").string("token"))
    let response = try await patch(server, body, token: token)
    #expect(response.status == 422)
    #expect(response.errorCode == "invalid_name")
    let me = try await server.send("GET", "/v1/users/me", token: token)
    #expect(me.json["name"] as? String == "Ann")
  }

  @Test(
    "a PATCH body without name, or with a name of another type, answers 400",
    arguments: ["{}", #"{"name": 5}"#, #"{"name": ["Ann"]}"#, "not json", #"{"nom": "Ann"}"#])
  func updateName_malformed_answers400(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let token = try #require(try await server.signUp("ann@example.com").string("token"))
    let response = try await patch(server, body, token: token)
    #expect(response.status == 400)
    #expect(response.errorCode == "malformed_body")
  }

  @Test("authentication comes before the body: a bad body without a token answers 401")
  func updateName_withoutToken_answers401First() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await patch(server, "not json", token: nil)
    #expect(response.status == 401)
    #expect(response.errorCode == "invalid_token")
  }
}

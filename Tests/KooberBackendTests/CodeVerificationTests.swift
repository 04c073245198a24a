import Foundation
import Testing

@Suite("POST /v1/auth/otp/verify")
struct CodeVerificationTests {
  /// Signs a driver up and in; returns the challenge id and the code from the outbox.
  private func challenge(on server: TestBackend) async throws -> (id: String, code: String) {
    try await server.signUp("dan@example.com", name: "Dan", type: "driver")
    return try await server.openChallenge(for: "dan@example.com")
  }

  @Test("the right code answers 200 with the driver's session; a second use answers 410")
  func verify_rightCode_signsIn() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let (id, code) = try await challenge(on: server)
    let response = try await server.verify(id, code)
    #expect(response.status == 200)
    #expect(response.user["email"] as? String == "dan@example.com")
    #expect(response.user["type"] as? String == "driver")
    let token = try #require(response.string("token"))
    #expect(try await server.send("GET", "/v1/users/me", token: token).status == 200)

    let again = try await server.verify(id, code)
    #expect(again.status == 410)
    #expect(again.errorCode == "challenge_expired")
  }

  @Test("wrong codes answer 401 with attemptsLeft 2, 1; the third answers 429; then 410")
  func verify_threeWrongCodes_endTheChallenge() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let (id, code) = try await challenge(on: server)
    var outcomes: [String] = []
    let wrong = TestBackend.wrong(code)
    for attempt in [wrong, wrong, wrong, code] {
      let response = try await server.verify(id, attempt)
      let left = (response.error["attemptsLeft"] as? Int).map { " \($0)" } ?? ""
      outcomes.append("\(response.status) \(response.errorCode ?? "-")\(left)")
    }
    #expect(outcomes == [
      "401 invalid_code 2", "401 invalid_code 1", "429 too_many_attempts",
      "410 challenge_expired",
    ])
  }

  @Test("a right code after one wrong code still signs in")
  func verify_wrongThenRight_signsIn() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let (id, code) = try await challenge(on: server)
    #expect(try await server.verify(id, TestBackend.wrong(code)).status == 401)
    #expect(try await server.verify(id, code).status == 200)
  }

  @Test("60 seconds after the challenge was made, the right code answers 410")
  func verify_afterExpiry_answers410() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let (id, code) = try await challenge(on: server)
    server.clock.advance(by: 60)
    let response = try await server.verify(id, code)
    #expect(response.status == 410)
    #expect(response.errorCode == "challenge_expired")
  }

  @Test("59 seconds after the challenge was made, the code still works")
  func verify_justBeforeExpiry_signsIn() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let (id, code) = try await challenge(on: server)
    server.clock.advance(by: 59)
    #expect(try await server.verify(id, code).status == 200)
  }

  @Test("an unknown challenge id answers 410")
  func verify_unknownChallenge_answers410() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.verify("chl_nope", "123456")
    #expect(response.status == 410)
    #expect(response.errorCode == "challenge_expired")
  }

  @Test("a new sign-in makes a new challenge with a new code; each code works only for its own")
  func verify_codesBelongToTheirChallenge() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let first = try await challenge(on: server)
    let second = try #require(
      try await server.signIn("dan@example.com").json["challenge"] as? [String: Any])
    let secondID = try #require(second["id"] as? String)
    let secondCode = try #require(try await server.latestCode(for: "dan@example.com"))
    #expect(secondID != first.id)
    if secondCode != first.code {
      #expect(try await server.verify(secondID, first.code).status == 401)
    }
    #expect(try await server.verify(secondID, secondCode).status == 200)
    #expect(try await server.verify(first.id, first.code).status == 200)
  }

  @Test(
    "malformed verify bodies answer 400",
    arguments: [
      #"{"challengeId": "chl_x", "code": 123456}"#, #"{"challengeId": "chl_x"}"#,
      #"{"code": "123456"}"#, "nope",
    ])
  func verify_malformedBody_answers400(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.send("POST", "/v1/auth/otp/verify", body: Data(body.utf8))
    #expect(response.status == 400)
    #expect(response.errorCode == "malformed_body")
  }
}

import Foundation
import Testing

@Suite("POST /v1/auth/sign-in and the lockout")
struct SignInTests {
  @Test("a passenger signs in with 200 and a session; the email is compared case-insensitively")
  func signIn_passenger_returnsSession() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let signUp = try await server.signUp("ann@example.com", name: "Ann")
    let response = try await server.signIn("  ANN@example.com ")
    #expect(response.status == 200)
    #expect(response.user["id"] as? String == signUp.user["id"] as? String)
    #expect(response.user["name"] as? String == "Ann")
    #expect(response.string("token") != signUp.string("token"))
    #expect(response.string("expiresAt") == "2026-11-21T08:45:00Z")
  }

  @Test("a wrong password and an unknown email get the same 401 invalid_credentials")
  func signIn_wrongPasswordOrUnknownEmail_answersSame401() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let wrong = try await server.signIn("ann@example.com", password: "passw0rd?")
    let unknown = try await server.signIn("nobody@example.com")
    #expect(wrong.status == 401)
    #expect(unknown.status == 401)
    #expect(wrong.errorCode == "invalid_credentials")
    #expect(wrong.body == unknown.body)
  }

  @Test("a password is compared in full: one with a NUL inside does not match its prefix")
  func signIn_passwordWithNUL_comparesEveryByte() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    #expect(try await server.signUp("ann@example.com", password: "passw0rd\u{0}tail").status == 201)
    #expect(try await server.signIn("ann@example.com", password: "passw0rd").status == 401)
    #expect(try await server.signIn("ann@example.com", password: "passw0rd\u{0}tail").status == 200)
  }

  @Test("five failures answer 401, then 423 with retryAfter and Retry-After, right password or not")
  func signIn_afterFiveFailures_isLocked() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    var statuses: [Int] = []
    for _ in 0..<5 {
      statuses.append(try await server.signIn("ann@example.com", password: "wr0ngpass").status)
    }
    #expect(statuses == [401, 401, 401, 401, 401])
    server.clock.advance(by: 10)
    let locked = try await server.signIn("Ann@Example.com")
    #expect(locked.status == 423)
    #expect(locked.errorCode == "account_locked")
    #expect(locked.error["retryAfter"] as? Int == 290)
    #expect(locked.headers["retry-after"] == "290")
    #expect(locked.json["retryAfter"] == nil)

    server.clock.advance(by: 289.5)
    let stillLocked = try await server.signIn("ann@example.com")
    #expect(stillLocked.status == 423)
    #expect(stillLocked.error["retryAfter"] as? Int == 1)

    server.clock.advance(by: 0.5)
    #expect(try await server.signIn("ann@example.com").status == 200)
  }

  @Test(
    "on a clock with a fraction of a second, retryAfter rounds up and never passes 300",
    arguments: [0.0006, 0.25, 0.5004, 0.9996])
  func signIn_lockedOnFractionalClock_retryAfterAtMost300(fraction: Double) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    server.clock.set(Date(timeIntervalSince1970: 1_795_249_800 + fraction))
    try await server.signUp("ann@example.com")
    for _ in 0..<5 { _ = try await server.signIn("ann@example.com", password: "wr0ngpass") }
    var answers: [String] = []
    for step in [0, 0.3, 149.2, 150] {
      server.clock.advance(by: step)
      let locked = try await server.signIn("ann@example.com")
      answers.append(
        "\(locked.status) \(locked.error["retryAfter"] as? Int ?? -1) "
          + (locked.headers["retry-after"] ?? "-"))
    }
    #expect(answers == ["423 300 300", "423 300 300", "423 151 151", "423 1 1"])
    // Once the lock is over, a wrong password counts afresh instead of locking again.
    server.clock.advance(by: 0.5)
    #expect(try await server.signIn("ann@example.com", password: "wr0ngpass").status == 401)
    #expect(try await server.signIn("ann@example.com").status == 200)
  }

  @Test("unknown emails are locked out too")
  func signIn_unknownEmail_isLockedOut() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    var statuses: [Int] = []
    for _ in 0..<6 { statuses.append(try await server.signIn("ghost@example.com").status) }
    #expect(statuses == [401, 401, 401, 401, 401, 423])
  }

  @Test("a success resets the count, and locks count per email")
  func signIn_success_resetsFailures() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    try await server.signUp("bob@example.com")
    var statuses: [Int] = []
    for _ in 0..<4 {
      statuses.append(try await server.signIn("ann@example.com", password: "x").status)
    }
    statuses.append(try await server.signIn("ann@example.com").status)
    for _ in 0..<4 {
      statuses.append(try await server.signIn("ann@example.com", password: "x").status)
    }
    statuses.append(try await server.signIn("ann@example.com").status)
    for _ in 0..<5 {
      statuses.append(try await server.signIn("ann@example.com", password: "x").status)
    }
    statuses.append(try await server.signIn("bob@example.com").status)
    statuses.append(try await server.signIn("ann@example.com").status)
    #expect(statuses == [401, 401, 401, 401, 200, 401, 401, 401, 401, 200]
      + [401, 401, 401, 401, 401, 200, 423])
  }

  @Test("after a lock runs out, five new failures are needed to lock again")
  func signIn_afterLockExpires_countsAfresh() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    for _ in 0..<5 { _ = try await server.signIn("ann@example.com", password: "x") }
    server.clock.advance(by: 301)
    var statuses: [Int] = []
    for _ in 0..<6 {
      statuses.append(try await server.signIn("ann@example.com", password: "x").status)
    }
    #expect(statuses == [401, 401, 401, 401, 401, 423])
  }

  @Test("a driver's right password answers 202 with a challenge, and the code goes to the outbox")
  func signIn_driver_answersChallenge() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    let response = try await server.signIn("dan@example.com")
    #expect(response.status == 202)
    let challenge = try #require(response.json["challenge"] as? [String: Any])
    let id = try #require(challenge["id"] as? String)
    #expect(id.hasPrefix("chl_"))
    #expect(challenge["channel"] as? String == "sms")
    #expect(challenge["expiresAt"] as? String == "2026-11-21T08:31:00Z")
    #expect(response.json["token"] == nil)

    let outbox = try await server.send("GET", "/v1/dev/outbox?to=%20DAN@Example.com%20")
    #expect(outbox.status == 200)
    let messages = try #require(outbox.json["messages"] as? [[String: Any]])
    #expect(messages.count == 1)
    #expect(messages.first?["to"] as? String == "dan@example.com")
    #expect(messages.first?["sentAt"] as? String == "2026-11-21T08:30:00Z")
    let body = try #require(messages.first?["body"] as? String)
    #expect(body.wholeMatch(of: /Your Koober code is [0-9]{6}/) != nil)
  }

  @Test(
    "malformed sign-in bodies answer 400",
    arguments: [
      #"{"email": "ann@example.com"}"#, #"{"email": null, "password": "passw0rd!"}"#,
      #"{"email": "ann@example.com", "password": 12345678}"#, "{", "[]",
    ])
  func signIn_malformedBody_answers400(body: String) async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let response = try await server.send("POST", "/v1/auth/sign-in", body: Data(body.utf8))
    #expect(response.status == 400)
    #expect(response.errorCode == "malformed_body")
  }

  @Test("a 65 KB body nested 500 deep is 400 malformed_body; others are served meanwhile")
  func deepBody_answers400() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    let nested = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
    let body = "{\"email\": \"a@b.co\", \"password\": \"x\", \"x\": ["
      + Array(repeating: nested, count: 65).joined(separator: ",") + "]}"
    async let hostile = withThrowingTaskGroup(of: APIResponse.self) { group in
      for _ in 0..<4 {
        group.addTask { try await server.send("POST", "/v1/auth/sign-in", body: Data(body.utf8)) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    // An ordinary request meanwhile is answered (how fast is the bench's figure, not a test's).
    let normal = try await server.send(
      "POST", "/v1/auth/refresh", body: Data(#"{"refreshToken": "unknown"}"#.utf8))
    #expect(normal.status == 401)
    for response in try await hostile {
      #expect(response.status == 400)
      #expect(response.errorCode == "malformed_body")
    }
    // A well-formed sign-in but for its 5,000 values: only the values limit refuses it.
    let many = "{\"email\": \"a@b.co\", \"password\": \"x\", \"x\": ["
      + Array(repeating: "0", count: 5_000).joined(separator: ",") + "]}"
    let tooMany = try await server.send("POST", "/v1/auth/sign-in", body: Data(many.utf8))
    #expect(tooMany.status == 400)
    #expect(tooMany.errorCode == "malformed_body")
  }
}

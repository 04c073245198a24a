import DatabaseClient
import Foundation
import Testing

@Suite("the lockout under concurrent guesses and one-time codes")
struct LockoutRaceTests {
  @Test("30 concurrent sign-ins, 29 wrong and 1 right, evaluate at most 5 wrong guesses")
  func signIn_concurrentGuesses_evaluateAtMostFiveWrong() async throws {
    let server = try TestBackend { configuration in
      // A real cost (well over 50 ms a hash here), so every attempt overlaps the others.
      configuration.passwordIterations = 150_000
      configuration.passwordHashingQueueLength = 64
    }
    defer { server.stop() }
    try await server.signUp("ann@example.com")
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for attempt in 0..<30 {
        let password = attempt == 17 ? "passw0rd!" : "wr0ng\(attempt)pass"
        group.addTask { try await server.signIn("ann@example.com", password: password).status }
      }
      return try await group.reduce(into: [Int]()) { $0.append($1) }
    }
    let counts = Dictionary(grouping: statuses) { $0 }.mapValues(\.count)
    #expect(counts[401, default: 0] <= 5, "\(counts)")
    #expect(counts[200, default: 0] <= 1, "\(counts)")
    #expect(counts[423, default: 0] >= 24, "\(counts)")
    #expect(Set(counts.keys).isSubset(of: [200, 401, 423]), "\(counts)")
    let database = try Database(path: server.backend.databasePath)
    let failures = try database.queryOne(
      "SELECT failures FROM sign_in_failures WHERE email = ?", ["ann@example.com"])
    #expect((failures?["failures"] as Int?) ?? 0 <= 5)
  }

  @Test("wrong codes across challenges and wrong passwords share one count: 5 lock the email")
  func verify_wrongCodesAcrossChallenges_lockTheEmail() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    var outcomes = [try await server.signIn("dan@example.com", password: "wr0ngpass").outcome]
    let first = try await server.openChallenge(for: "dan@example.com")
    for _ in 0..<2 { outcomes.append(try await guess(server, first)) }
    let second = try await server.openChallenge(for: "dan@example.com")
    for _ in 0..<2 { outcomes.append(try await guess(server, second)) }
    #expect(outcomes == ["401 invalid_credentials"]
      + Array(repeating: "401 invalid_code", count: 4))

    let right = try await server.verify(second.id, second.code)
    #expect(right.outcome == "423 account_locked")
    #expect(right.error["retryAfter"] as? Int == 300)
    #expect(right.headers["retry-after"] == "300")
    #expect(try await server.signIn("dan@example.com").outcome == "423 account_locked")

    // The lock runs out after 5 minutes, and the count starts afresh.
    server.clock.advance(by: 301)
    let third = try await server.openChallenge(for: "dan@example.com")
    #expect(try await server.verify(third.id, third.code).status == 200)
  }

  @Test("a driver's right password alone does not reset the count")
  func signIn_driverRightPassword_doesNotResetCount() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    var outcomes: [String] = []
    for _ in 0..<4 {
      outcomes.append(try await server.signIn("dan@example.com", password: "wr0ngpass").outcome)
    }
    let challenge = try await server.openChallenge(for: "dan@example.com")
    outcomes.append(try await guess(server, challenge))
    outcomes.append(try await server.signIn("dan@example.com").outcome)
    #expect(outcomes == Array(repeating: "401 invalid_credentials", count: 4)
      + ["401 invalid_code", "423 account_locked"])
  }

  @Test("a correct code completes the sign-in and resets the count")
  func verify_rightCode_resetsCount() async throws {
    let server = try TestBackend()
    defer { server.stop() }
    try await server.signUp("dan@example.com", type: "driver")
    var outcomes: [String] = []
    for _ in 0..<3 {
      outcomes.append(try await server.signIn("dan@example.com", password: "wr0ngpass").outcome)
    }
    let challenge = try await server.openChallenge(for: "dan@example.com")
    outcomes.append(try await guess(server, challenge))
    outcomes.append(try await server.verify(challenge.id, challenge.code).outcome)
    // Without the reset these would be failures 5 to 8, and the sign-in after them locked.
    for _ in 0..<4 {
      outcomes.append(try await server.signIn("dan@example.com", password: "wr0ngpass").outcome)
    }
    let next = try await server.openChallenge(for: "dan@example.com")
    outcomes.append(try await guess(server, next))
    outcomes.append(try await server.signIn("dan@example.com").outcome)
    #expect(outcomes == Array(repeating: "401 invalid_credentials", count: 3)
      + ["401 invalid_code", "200"] + Array(repeating: "401 invalid_credentials", count: 4)
      + ["401 invalid_code", "423 account_locked"])
  }

  /// Sends a wrong code for a challenge.
  /// - Returns: the answer's status and error code, e.g. `401 invalid_code`.
  private func guess(
    _ server: TestBackend, _ challenge: (id: String, code: String)
  ) async throws -> String {
    try await server.verify(challenge.id, TestBackend.wrong(challenge.code)).outcome
  }
}

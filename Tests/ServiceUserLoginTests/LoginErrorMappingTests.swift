import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

@Suite("ServiceUserLogin maps every server answer to a LoginError")
struct LoginErrorMappingTests {
  /// One row of the table in LoginError's documentation.
  struct Row: Sendable, CustomTestStringConvertible {
    let answer: FakeAnswer
    let expected: LoginError
    var testDescription: String { expected.code }
  }

  static let rows: [Row] = [
    Row(answer: .error(401, "invalid_credentials"), expected: .invalidCredentials(.email)),
    Row(
      answer: .error(423, "account_locked", extra: #""retryAfter": 287"#),
      expected: .locked(retryAfterSeconds: 287)),
    Row(answer: .error(409, "email_taken"), expected: .identifierTaken(.email)),
    Row(answer: .error(422, "invalid_email"), expected: .invalidIdentifier("m invalid_email")),
    Row(answer: .error(422, "weak_password"), expected: .weakPassword("m weak_password")),
    Row(answer: .error(422, "invalid_name"), expected: .invalidName("m invalid_name")),
    Row(answer: .error(422, "invalid_type"), expected: .invalidType),
    Row(
      answer: .error(401, "invalid_code", extra: #""attemptsLeft": 2"#),
      expected: .invalidCode(attemptsLeft: 2)),
    Row(answer: .error(410, "challenge_expired"), expected: .challengeExpired),
    Row(answer: .error(429, "too_many_attempts"), expected: .tooManyAttempts),
    Row(
      answer: .error(503, "server_busy", extra: #""retryAfter": 3"#),
      expected: .serverBusy(retryAfterSeconds: 3)),
    Row(answer: .error(503, "server_busy"), expected: .serverBusy(retryAfterSeconds: 5)),
    Row(answer: .error(401, "invalid_refresh_token"), expected: .notSignedIn),
    Row(answer: .error(401, "refresh_token_reused"), expected: .notSignedIn),
    Row(
      answer: .error(400, "malformed_body"),
      expected: .serverTrouble("HTTP 400 malformed_body: m malformed_body")),
    Row(
      answer: .error(413, "body_too_large"),
      expected: .serverTrouble("HTTP 413 body_too_large: m body_too_large")),
    Row(
      answer: .error(404, "not_found"), expected: .serverTrouble("HTTP 404 not_found: m not_found")
    ),
    Row(
      answer: .error(405, "method_not_allowed"),
      expected: .serverTrouble("HTTP 405 method_not_allowed: m method_not_allowed")),
    Row(
      answer: .error(500, "internal"), expected: .serverTrouble("HTTP 500 internal: m internal")),
    Row(
      answer: .json(502, "<html>Bad gateway</html>"),
      expected: .serverTrouble("the server answered HTTP 502.")),
    Row(answer: .failure(.transport(.offline)), expected: .offline),
    Row(answer: .failure(.transport(.connectionRefused)), expected: .offline),
    Row(answer: .failure(.timeout), expected: .timeout),
  ]

  @Test("a sign-in answered with an error becomes its LoginError", arguments: rows)
  func signInErrors(row: Row) async throws {
    let harness = try Harness { _ in row.answer }
    defer { harness.folder.remove() }
    await #expect(throws: row.expected) {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    }
    #expect(await harness.service.currentSession == nil)
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.lastSignedInIdentifier() == nil)
  }

  @Test("a 200 whose body is not a session is server trouble, and nothing is stored")
  func malformedSession() async throws {
    let harness = try Harness { _ in .json(200, #"{"user": {"id": 5}}"#) }
    defer { harness.folder.remove() }
    await #expect {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    } throws: { error in
      guard case .serverTrouble = error as? LoginError else { return false }
      return true
    }
    #expect(try harness.store.load() == nil)
  }

  @Test("every LoginError has a distinct snake_case code and a message")
  func codesAndMessages() {
    let all: [LoginError] = [
      .invalidCredentials(.email), .locked(retryAfterSeconds: 90), .identifierTaken(.email),
      .invalidIdentifier("e"),
      .weakPassword("p"), .invalidName("n"), .invalidType, .invalidCode(attemptsLeft: 1),
      .challengeExpired, .tooManyAttempts, .notSignedIn, .alreadyInProgress, .offline,
      .timeout, .serverTrouble("s"), .sessionUnavailable("u"), .storage("d"), .updateRequired,
      .serverBusy(retryAfterSeconds: 3),
    ]
    #expect(Set(all.map(\.code)).count == all.count)
    for error in all {
      #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
      #expect(!error.message.isEmpty)
    }
    #expect(LoginError.locked(retryAfterSeconds: 90).message.contains("2 minutes"))
    #expect(LoginError.invalidCode(attemptsLeft: 1).message.contains("1 attempt left"))
    #expect(
      LoginError.serverBusy(retryAfterSeconds: 3).message
        == "The server is busy; try again in 3 seconds.")
    #expect(LoginError.locked(retryAfterSeconds: 1).message.hasSuffix("in 1 second."))
  }
}

import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

@Suite("A sign-in's failure is the adapter's AuthFailure, unchanged, from the seam to the caller")
struct SignInFailureTests {
  /// One row of the table in KooberAuthAPI's documentation.
  struct Row: Sendable, CustomTestStringConvertible {
    let answer: FakeAnswer
    let expected: AuthFailure
    var testDescription: String { expected.code }
  }

  static let rows: [Row] = [
    Row(
      answer: .error(401, "invalid_credentials"), expected: .refused(.invalidCredentials(.email))),
    Row(
      answer: .error(423, "account_locked", extra: #""retryAfter": 287"#),
      expected: .refused(.locked(retryAfterSeconds: 287))),
    Row(answer: .error(409, "email_taken"), expected: .refused(.identifierTaken(.email))),
    Row(
      answer: .error(422, "invalid_email"),
      expected: .refused(.invalidInput(.identifier, message: "m invalid_email"))),
    Row(
      answer: .error(422, "weak_password"),
      expected: .refused(.invalidInput(.password, message: "m weak_password"))),
    Row(
      answer: .error(422, "invalid_name"),
      expected: .refused(.invalidInput(.name, message: "m invalid_name"))),
    Row(
      answer: .error(422, "invalid_type"),
      expected: .refused(.invalidInput(.userType, message: "m invalid_type"))),
    Row(
      answer: .error(401, "invalid_code", extra: #""attemptsLeft": 2"#),
      expected: .refused(.invalidCode(attemptsLeft: 2))),
    Row(answer: .error(410, "challenge_expired"), expected: .refused(.codeExpired)),
    Row(answer: .error(429, "too_many_attempts"), expected: .refused(.tooManyAttempts)),
    Row(
      answer: .error(503, "server_busy", extra: #""retryAfter": 3"#),
      expected: .unavailable(.busy(retryAfterSeconds: 3))),
    Row(answer: .error(503, "server_busy"), expected: .unavailable(.busy(retryAfterSeconds: 5))),
    Row(answer: .error(401, "invalid_refresh_token"), expected: .refused(.sessionEnded)),
    Row(answer: .error(401, "refresh_token_reused"), expected: .refused(.sessionEnded)),
    Row(
      answer: .error(400, "malformed_body"),
      expected: .unavailable(.serverTrouble("HTTP 400 malformed_body: m malformed_body"))),
    Row(
      answer: .error(413, "body_too_large"),
      expected: .unavailable(.serverTrouble("HTTP 413 body_too_large: m body_too_large"))),
    Row(
      answer: .error(404, "not_found"),
      expected: .unavailable(.serverTrouble("HTTP 404 not_found: m not_found"))),
    Row(
      answer: .error(405, "method_not_allowed"),
      expected: .unavailable(.serverTrouble("HTTP 405 method_not_allowed: m method_not_allowed"))),
    Row(
      answer: .error(500, "internal"),
      expected: .unavailable(.serverTrouble("HTTP 500 internal: m internal"))),
    Row(
      answer: .json(502, "<html>Bad gateway</html>"),
      expected: .unavailable(.unexpectedAnswer(status: 502, "the server answered HTTP 502."))),
    Row(answer: .failure(.transport(.offline)), expected: .unavailable(.offline)),
    Row(answer: .failure(.transport(.connectionRefused)), expected: .unavailable(.offline)),
    Row(answer: .failure(.timeout), expected: .unavailable(.timeout)),
  ]

  @Test("a sign-in answered with an error throws its AuthFailure", arguments: rows)
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
      guard case .unavailable(.serverTrouble) = error as? AuthFailure else { return false }
      return true
    }
    #expect(try harness.store.load() == nil)
  }

  @Test("every AuthFailure has a distinct snake_case code and a sentence")
  func codesAndMessages() {
    let all: [AuthFailure] = [
      .refused(.invalidCredentials(.email)), .refused(.locked(retryAfterSeconds: 90)),
      .refused(.identifierTaken(.email)), .refused(.invalidInput(.identifier, message: "")),
      .refused(.invalidInput(.password, message: "")), .refused(.invalidInput(.name, message: "")),
      .refused(.invalidInput(.userType, message: "")), .refused(.invalidForm(.password(.empty))),
      .refused(.malformedCode), .refused(.invalidCode(attemptsLeft: 1)), .refused(.codeExpired),
      .refused(.tooManyAttempts), .refused(.accessTokenRejected), .refused(.sessionEnded),
      .refused(.notSignedIn), .refused(.updateRequired), .unavailable(.offline),
      .unavailable(.timeout), .unavailable(.busy(retryAfterSeconds: 3)),
      .unavailable(.serverTrouble("s")), .unavailable(.inProgress),
      .unavailable(.sessionUnreadable("u")), .unavailable(.storage("d")),
      .unsupported(.signUp), .unsupported(.resendCode),
    ]
    #expect(Set(all.map(\.code)).count == all.count)
    for error in all {
      #expect(error.code.allSatisfy { $0.isLowercase || $0 == "_" })
      #expect(!error.message.isEmpty)
      #expect(error.errorDescription == error.message)
    }
    #expect(AuthFailure.refused(.locked(retryAfterSeconds: 90)).message.contains("2 minutes"))
    #expect(AuthFailure.refused(.invalidCode(attemptsLeft: 1)).message.contains("1 attempt left"))
    #expect(
      AuthFailure.unavailable(.busy(retryAfterSeconds: 3)).message
        == "The server is busy right now; try again in 3 seconds.")
    #expect(AuthFailure.refused(.locked(retryAfterSeconds: 1)).message.hasSuffix("in 1 second."))
  }
}

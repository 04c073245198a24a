import Foundation
import LoginCore
import LoopbackServer
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// Answers no server that follows API.md gives: each must fail with a typed error, store
/// nothing it should not, and never end a session that is still good.
@Suite("ServiceUser against answers that do not follow API.md")
struct UnexpectedAnswerTests {
  /// An answer and the server trouble it must cause: `mention` is part of the message.
  struct Case: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let answer: HTTPResponse
    let mention: String
  }

  static let signInCases: [Case] = [
    Case(
      testDescription: "200 with an HTML page", answer: .htmlPage(200),
      mention: "did not have the expected shape"),
    Case(testDescription: "200 with {}", answer: .scripted(200, "{}"), mention: "at 'user'"),
    Case(
      testDescription: "202 challenge without expiresAt",
      answer: .scripted(202, #"{"challenge": {"id": "chl_1", "channel": "sms"}}"#),
      mention: "at 'challenge.expiresAt'"),
    Case(
      testDescription: "a Session whose token is empty",
      answer: .scripted(
        200,
        ScriptedJSON.session.replacingOccurrences(
          of: #""token": "access-1""#, with: #""token": """#)),
      mention: "at 'token'"),
    Case(
      testDescription: "a Session whose refresh token is empty",
      answer: .scripted(
        200,
        ScriptedJSON.session.replacingOccurrences(
          of: #""refreshToken": "refresh-1""#, with: #""refreshToken": """#)),
      mention: "at 'refreshToken'"),
    Case(
      testDescription: "401 with an HTML page", answer: .htmlPage(401), mention: "HTTP 401"),
    Case(
      testDescription: "500 with the API error shape", answer: .apiError(500, "internal_error"),
      mention: "HTTP 500 internal_error: Scripted internal_error."),
  ]

  /// Whether an error is the server's trouble (`.serverTrouble(_:)`, or
  /// `.unexpectedAnswer(status:_:)` for an answer without the API's error body) mentioning
  /// `text`.
  static func isServerTrouble(_ error: any Error, mentioning text: String) -> Bool {
    switch error as? AuthFailure {
    case .unavailable(.serverTrouble(let detail))?, .unavailable(.unexpectedAnswer(_, let detail))?:
      detail.contains(text)
    default: false
    }
  }

  @Test(
    "a sign-in answered outside API.md fails with server trouble and stores nothing",
    arguments: signInCases)
  func signIn_unexpectedAnswer(_ row: Case) async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    harness.server.answer(.post, "/v1/auth/sign-in", row.answer)
    await #expect {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    } throws: { error in
      Self.isServerTrouble(error, mentioning: row.mention)
    }
    #expect(await harness.service.currentSession == nil)
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.lastSignedInIdentifier() == nil)
    #expect(await harness.service.knownAccounts().isEmpty)
  }

  @Test(
    "an HTML 401, an API-shaped 500 or a 200 {} on an authorized call keeps the session",
    arguments: [
      Case(testDescription: "401 HTML", answer: .htmlPage(401), mention: "HTTP 401"),
      Case(
        testDescription: "500 API error", answer: .apiError(500, "internal_error"),
        mention: "HTTP 500 internal_error"),
      Case(testDescription: "200 {}", answer: .scripted(200, "{}"), mention: "at 'id'"),
    ])
  func authorizedCall_unexpectedAnswer_keepsSession(_ row: Case) async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    let log = ChangeLog(harness.service)
    let session = try await harness.signedIn()
    harness.server.answer(.patch, "/v1/users/me", row.answer)
    await #expect {
      try await harness.service.updateName("Bo")
    } throws: { error in
      Self.isServerTrouble(error, mentioning: row.mention)
    }
    #expect(await harness.service.currentSession == session)
    #expect(try harness.store.load() == session)
    _ = await harness.service.signOut()
    #expect(await log.first(2) == [.signedIn(session.user), .signedOut(.userAction)])
  }

  @Test("a refresh answered with an HTML 401 is not a refusal: the session is kept")
  func refresh_htmlUnauthorized_keepsSession() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    // Expiring at the harness's "now": renewed before the next use.
    let soon = ScriptedJSON.session.replacingOccurrences(
      of: "2026-11-21T08:45:00.250Z", with: "2026-11-21T08:30:00Z")
    let session = try await harness.signedIn(soon)
    harness.server.answer(.post, "/v1/auth/refresh", .htmlPage(401))
    harness.server.answer(.patch, "/v1/users/me", .apiError(500, "should_not_be_reached"))
    await #expect {
      try await harness.service.updateName("Bo")
    } throws: { error in
      Self.isServerTrouble(error, mentioning: "HTTP 401")
    }
    #expect(await harness.service.currentSession == session)
    #expect(try harness.store.load() == session)
    #expect(harness.server.requests == ["POST /v1/auth/sign-in", "POST /v1/auth/refresh"])
  }

  @Test("a restore whose check answers an HTML 401 or an HTML 200 keeps the stored session")
  func restore_unexpectedAnswer_keepsSession() async throws {
    for answer in [HTTPResponse.htmlPage(401), .htmlPage(200)] {
      let harness = try ScriptedHarness()
      defer { harness.tearDown() }
      let session = try await harness.signedIn()
      harness.server.answer(.get, "/v1/auth/session", answer)
      let restarted = harness.restarted()
      let outcome = await restarted.restoreSession()
      guard case .unverified(let kept, _) = outcome else {
        Issue.record("expected .unverified, got \(outcome)")
        continue
      }
      #expect(kept == session)
      #expect(await restarted.currentSession == session)
      #expect(try harness.store.load() == session)
    }
  }

  @Test("an API-shaped 401 invalid_token still ends the session, as API.md means it")
  func authorizedCall_invalidToken_endsSession() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    let log = ChangeLog(harness.service)
    let session = try await harness.signedIn()
    harness.server.answer(.patch, "/v1/users/me", .apiError(401, "invalid_token"))
    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await harness.service.updateName("Bo")
    }
    #expect(await harness.service.currentSession == nil)
    #expect(try harness.store.load() == nil)
    #expect(await log.first(2) == [.signedIn(session.user), .signedOut(.revoked)])
  }
}

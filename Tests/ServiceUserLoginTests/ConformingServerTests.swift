import Foundation
import LoginCore
import LoopbackServer
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// API.md lets a server differ from the reference backend in ways the client must take in its
/// stride: fractional seconds and `+00:00` offsets, fields it does not know, `name` left out,
/// a `Content-Type` without a charset.
@Suite("ServiceUser against a server that follows API.md differently from the backend")
struct ConformingServerTests {
  @Test("a Session with fractional seconds, +00:00, extra fields and no name signs in")
  func session_withOtherForms_signsIn() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    harness.server.answer(
      .post, "/v1/auth/sign-in",
      .scripted(200, ScriptedJSON.session, contentType: "application/json"))
    let outcome = try await harness.service.signIn(
      identifier: "Ann@Example.com ", password: "s3cretpass")
    #expect(outcome == .signedIn(ScriptedJSON.expectedSession))
    #expect(try harness.store.load() == ScriptedJSON.expectedSession)
    #expect(await harness.service.currentSession == ScriptedJSON.expectedSession)
    #expect(await harness.service.lastSignedInIdentifier() == "ann@example.com")
    #expect(harness.server.requests == ["POST /v1/auth/sign-in"])
  }

  @Test("a 202 challenge with an offset date and extra fields, then the code's Session")
  func challenge_withOtherForms_leadsToSession() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    harness.server.answer(
      .post, "/v1/auth/sign-in",
      .scripted(
        202,
        #"{"challenge": {"id": "chl_1", "expiresAt": "2026-11-21T18:31:00+10:00", "#
          + #""channel": "sms", "length": 6}, "hint": "check your phone"}"#,
        contentType: "application/json"))
    harness.server.answer(
      .post, "/v1/auth/otp/verify",
      .scripted(200, ScriptedJSON.session.replacingOccurrences(of: "passenger", with: "driver")))
    let outcome = try await harness.service.signIn(
      identifier: "ann@example.com", password: "s3cretpass")
    let challenge = Challenge(id: "chl_1", expiresAt: ScriptedHarness.now + 60, channel: "sms")
    #expect(outcome == .codeRequired(challenge))
    let session = try await harness.service.verifyCode(" 123456 ", for: challenge)
    #expect(session.user.type == .driver)
    #expect(session.user.name == nil)
    #expect(try harness.store.load() == session)
    #expect(harness.server.requests == ["POST /v1/auth/sign-in", "POST /v1/auth/otp/verify"])
  }

  @Test("sign-up takes a 201 Session whose name is null and whose dates carry offsets")
  func signUp_withNullName() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    let json = ScriptedJSON.session.replacingOccurrences(
      of: #""type": "passenger","#, with: #""type": "passenger", "name": null,"#)
    harness.server.answer(.post, "/v1/auth/sign-up", .scripted(201, json))
    let session = try await harness.service.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: "s3cretpass", name: nil, type: .passenger))
    #expect(session == ScriptedJSON.expectedSession)
  }

  @Test("a restored session's check may leave out name and add fields; the name is cleared")
  func restore_sessionCheckWithoutName() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    let named = ScriptedJSON.session.replacingOccurrences(
      of: #""type": "passenger","#, with: #""type": "passenger", "name": "Ann","#)
    let original = try await harness.signedIn(named)
    #expect(original.user.name == "Ann")
    harness.server.answer(
      .get, "/v1/auth/session",
      .scripted(
        200,
        #"{"user": {"id": "usr_ann", "email": "ann@example.com", "type": "passenger", "#
          + #""verified": true}, "expiresAt": "2026-11-21T08:45:00.250000+00:00", "x": 1}"#,
        contentType: "application/json"))
    let restarted = harness.restarted()
    let outcome = await restarted.restoreSession()
    #expect(outcome == .signedIn(ScriptedJSON.expectedSession))
    #expect(try harness.store.load() == ScriptedJSON.expectedSession)
  }

  @Test("a name change answered with name left out clears the name everywhere")
  func updateName_answerWithoutName() async throws {
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    _ = try await harness.signedIn()
    harness.server.answer(
      .patch, "/v1/users/me",
      .scripted(
        200, #"{"id": "usr_ann", "email": "ann@example.com", "type": "passenger", "v": 2}"#,
        contentType: "application/json"))
    let user = try await harness.service.updateName(nil)
    #expect(user == ScriptedJSON.expectedSession.user)
    #expect(try harness.store.load()?.user == user)
    #expect(harness.server.requests == ["POST /v1/auth/sign-in", "PATCH /v1/users/me"])
  }
}

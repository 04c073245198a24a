import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel
import WireFormat

@Suite("ServiceUserLogin flows against a fake transport")
struct LoginFlowTests {
  @Test("a passenger's sign-in stores rows and session before returning, and announces it")
  func passengerSignIn() async throws {
    let session = Fixtures.session()
    let harness = try Harness { _ in .json(200, Fixtures.json(session)) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    let outcome = try await harness.service.signIn(
      identifier: "  Ann@Example.com ", password: "s3cretpass")
    #expect(outcome == .signedIn(session))
    #expect(try harness.store.load() == session)
    #expect(await harness.service.lastSignedInIdentifier() == "ann@example.com")
    #expect(await harness.service.currentSession == session)
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
    let sent = try #require(harness.transport.requests.first)
    #expect(sent.method == "POST" && sent.path == "/v1/auth/sign-in")
    #expect(sent.json["email"] as? String == "ann@example.com")
    #expect(sent.json["password"] as? String == "s3cretpass")
    #expect(sent.authorization == nil)
  }

  @Test("a driver's sign-in returns the challenge; the code then signs in")
  func driverSignInWithCode() async throws {
    let session = Fixtures.session(Fixtures.dan)
    let harness = try Harness { request in
      switch request.path {
      case "/v1/auth/sign-in":
        .json(
          202,
          #"{"challenge": {"id": "chl_1", "expiresAt": "2027-01-15T08:01:00Z", "channel": "sms"}}"#)
      case "/v1/auth/otp/verify" where request.json["code"] as? String == "123456":
        .json(200, Fixtures.json(session))
      default: .error(401, "invalid_code", extra: #""attemptsLeft": 2"#)
      }
    }
    defer { harness.folder.remove() }
    let outcome = try await harness.service.signIn(
      identifier: "dan@example.com", password: "drive1234")
    let challenge = Challenge(
      id: "chl_1", expiresAt: try #require(WireDate.date(from: "2027-01-15T08:01:00Z")),
      channel: "sms")
    #expect(outcome == .codeRequired(challenge))
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.lastSignedInIdentifier() == nil)

    await #expect(throws: AuthFailure.refused(.invalidCode(attemptsLeft: 2))) {
      try await harness.service.verifyCode("000000", for: challenge)
    }
    #expect(try await harness.service.verifyCode(" 123456 ", for: challenge) == session)
    #expect(try harness.store.load() == session)
    let verify = harness.transport.requests.last?.json
    #expect(verify?["challengeId"] as? String == "chl_1")
  }

  @Test("a second sign-in while one is in flight fails at once with alreadyInProgress")
  func secondSignInIsRefused() async throws {
    let gate = Gate()
    let harness = try Harness { _ in
      await gate.wait()
      return .json(200, Fixtures.json(Fixtures.session()))
    }
    defer { harness.folder.remove() }
    let first = Task {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    }
    while harness.transport.paths.isEmpty { await Task.yield() }
    await #expect(throws: AuthFailure.unavailable(.inProgress)) {
      try await harness.service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    }
    await #expect(throws: AuthFailure.unavailable(.inProgress)) {
      try await harness.service.signUp(
        SignUpCredentials(
          identifier: "b@example.com", password: "s3cretpass", name: nil, type: .driver))
    }
    await gate.open()
    #expect(try await first.value == .signedIn(Fixtures.session()))
    #expect(harness.transport.paths.count == 1)
  }

  @Test("when the server says yes but the store fails, storage is reported and nothing kept")
  func storageFailureAfterServerAccepted() async throws {
    let harness = try Harness(store: { FailingStore(inner: FileSessionStore(directory: $0)) }) {
      _ in .json(201, Fixtures.json(Fixtures.session()))
    }
    defer { harness.folder.remove() }
    let expected = AuthFailure.unavailable(.storage("disk full (test)"))
    await #expect(throws: expected) {
      try await harness.service.signUp(
        SignUpCredentials(
          identifier: "ann@example.com", password: "s3cretpass", name: "Ann", type: .passenger))
    }
    #expect(await harness.service.currentSession == nil)
    #expect(await harness.service.lastSignedInIdentifier() == nil)
  }

  @Test("sign-up checks the rules on the device first and sends nothing when they refuse")
  func signUpValidatesLocally() async throws {
    let harness = try Harness { _ in .json(201, Fixtures.json(Fixtures.session())) }
    defer { harness.folder.remove() }
    await #expect {
      try await harness.service.signUp(
        SignUpCredentials(
          identifier: "ann@example.com", password: "short", name: nil, type: .driver))
    } throws: { error in
      guard case .refused(.invalidForm(.password)) = error as? AuthFailure else { return false }
      return true
    }
    await #expect {
      try await harness.service.signUp(
        SignUpCredentials(identifier: "ann@", password: "s3cretpass", name: nil, type: .driver))
    } throws: { error in
      guard case .refused(.invalidForm(.email)) = error as? AuthFailure else { return false }
      return true
    }
    #expect(harness.transport.paths.isEmpty)
    let session = try await harness.service.signUp(
      SignUpCredentials(
        identifier: " ANN@example.com", password: "s3cretpass", name: "  ", type: .passenger))
    #expect(session == Fixtures.session())
    let body = try #require(harness.transport.requests.first?.json)
    #expect(body["email"] as? String == "ann@example.com")
    #expect(body["type"] as? String == "passenger")
    #expect(body["name"] == nil)
  }

  @Test("sign-out revokes on the server with the current token, then clears and announces")
  func signOutOnline() async throws {
    let harness = try Harness { _ in .empty(204) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    try await harness.service.establishSession(Fixtures.session())
    #expect(await harness.service.signOut() == .signedOut)
    #expect(harness.transport.requests.map(\.path) == ["/v1/auth/sign-out"])
    #expect(harness.transport.requests.first?.authorization == "Bearer access-1")
    #expect(try harness.store.load() == nil)
    #expect(await log.first(2) == [.signedIn(Fixtures.ann), .signedOut(.userAction)])
    #expect(await harness.service.signOut() == .signedOut)
    #expect(harness.transport.paths.count == 1)
  }

  @Test("sign-out while offline still clears the device and says so")
  func signOutOffline() async throws {
    let harness = try Harness { _ in .failure(.transport(.offline)) }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    try await harness.service.establishSession(Fixtures.session())
    #expect(await harness.service.signOut() == .signedOutLocally)
    #expect(await harness.service.currentSession == nil)
    #expect(try harness.store.load() == nil)
    #expect(await log.first(2) == [.signedIn(Fixtures.ann), .signedOut(.userAction)])
  }

  @Test("a name change reaches the server, the session and the account row")
  func updateName() async throws {
    let renamed = User(
      id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: "Annie",
      type: .passenger)
    let harness = try Harness { request in
      request.method == "PATCH" && request.authorization == "Bearer access-1"
        ? .json(200, Fixtures.json(renamed)) : .error(422, "invalid_name")
    }
    defer { harness.folder.remove() }
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      try await harness.service.updateName("A")
    }
    try await harness.service.establishSession(Fixtures.session())
    await #expect {
      try await harness.service.updateName(String(repeating: "x", count: 51))
    } throws: { error in
      guard case .refused(.invalidForm(.name)) = error as? AuthFailure else { return false }
      return true
    }
    #expect(try await harness.service.updateName(" Annie ") == renamed)
    #expect(harness.transport.requests.map { $0.json["name"] as? String } == ["Annie"])
    #expect(await harness.service.currentSession?.user == renamed)
    #expect(try harness.store.load()?.user == renamed)
    #expect(await harness.service.knownAccounts() == [renamed])
  }
}

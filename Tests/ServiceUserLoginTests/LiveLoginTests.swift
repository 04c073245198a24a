import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// End to end: ServiceUserLogin against KooberBackend on a loopback port, real SQLite files.
@Suite("ServiceUserLogin against KooberBackend")
struct LiveLoginTests {
  static let password = "Tr4il-runner-secret"

  @Test("sign up, restore in a new instance, sign out, and restore finds none")
  func signUpRestoreSignOut() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let first = live.makeService()
    let log = ChangeLog(first)
    let session = try await first.signUp(
      SignUpCredentials(
        identifier: "Ann@Example.com", password: Self.password, name: "Ann", type: .passenger))
    #expect(session.user.email == "ann@example.com")
    #expect(session.user.name == "Ann")

    let second = live.makeService()
    guard case .signedIn(let restored) = await second.restoreSession() else {
      Issue.record("the new instance did not restore the session")
      return
    }
    #expect(restored.user == session.user)
    #expect(await second.lastSignedInIdentifier() == "ann@example.com")
    #expect(await second.signOut() == .signedOut)

    let third = live.makeService()
    #expect(await third.restoreSession() == .notSignedIn)
    #expect(live.backend.requests.count("POST", "/v1/auth/sign-out") == 1)
    // The first instance watches the store it shares with the second (issue 32, item 5):
    // it hears the sign-out from there, before any call of its own, and ends its session.
    #expect(await log.first(2) == [.signedIn(session.user), .signedOut(.userAction)])
    await #expect(throws: AuthFailure.refused(.notSignedIn)) {
      try await first.updateName("Annie")
    }
  }

  @Test("a driver signs in, reads the code from the outbox, and is verified")
  func driverCode() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    try await signUpDriver(service)
    _ = await service.signOut()

    let outcome = try await service.signIn(identifier: "dan@example.com", password: Self.password)
    guard case .codeRequired(let challenge) = outcome else {
      Issue.record("a driver's sign-in did not ask for a code: \(outcome)")
      return
    }
    #expect(challenge.channel == "sms")
    #expect(await service.currentSession == nil)
    let code = try await live.latestCode(for: "dan@example.com")
    #expect(code.count == 6)
    let session = try await service.verifyCode(code, for: challenge)
    #expect(session.user.type == .driver)
    #expect(await service.currentSession == session)
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() == session)
  }

  @Test("three wrong codes count down, then end the challenge")
  func threeWrongCodes() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let challenge = try await driverChallenge(service)
    let code = try await live.latestCode(for: "dan@example.com")
    let wrong = code == "000000" ? "111111" : "000000"
    var errors: [AuthFailure] = []
    for _ in 0..<4 {
      do {
        _ = try await service.verifyCode(wrong, for: challenge)
      } catch {
        errors.append(error)
      }
    }
    #expect(
      errors == [
        .refused(.invalidCode(attemptsLeft: 2)), .refused(.invalidCode(attemptsLeft: 1)),
        .refused(.tooManyAttempts), .refused(.codeExpired),
      ])
    await #expect(throws: AuthFailure.refused(.codeExpired)) {
      try await service.verifyCode(code, for: challenge)
    }
    #expect(await service.currentSession == nil)
  }

  @Test("a challenge past its 60 seconds is expired")
  func expiredChallenge() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let challenge = try await driverChallenge(service)
    let code = try await live.latestCode(for: "dan@example.com")
    live.serverClock.advance(by: 61)
    await #expect(throws: AuthFailure.refused(.codeExpired)) {
      try await service.verifyCode(code, for: challenge)
    }
  }

  @Test("five failed sign-ins lock the email, even against the right password")
  func lockout() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(
      SignUpCredentials(identifier: "ann@example.com", password: Self.password, name: nil,
        type: .passenger))
    _ = await service.signOut()
    for _ in 0..<5 {
      await #expect(throws: AuthFailure.refused(.invalidCredentials(.email))) {
        try await service.signIn(identifier: "ann@example.com", password: "wrong-pass-1")
      }
    }
    await #expect {
      try await service.signIn(identifier: "ann@example.com", password: Self.password)
    } throws: { error in
      guard case .refused(.locked(let seconds)) = error as? AuthFailure else { return false }
      return seconds == 300
    }
    live.serverClock.advance(by: 301)
    let outcome = try await service.signIn(identifier: "ann@example.com", password: Self.password)
    guard case .signedIn = outcome else {
      Issue.record("the lock did not lift after 5 minutes: \(outcome)")
      return
    }
  }

  @Test("a taken email and an unknown account come back as their own errors")
  func signUpErrors() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    try await signUpDriver(service)
    _ = await service.signOut()
    await #expect(throws: AuthFailure.refused(.identifierTaken(.email))) {
      try await service.signUp(
        SignUpCredentials(
          identifier: "DAN@example.com", password: Self.password, name: nil, type: .passenger))
    }
    await #expect(throws: AuthFailure.refused(.invalidCredentials(.email))) {
      try await service.signIn(identifier: "nobody@example.com", password: Self.password)
    }
  }

  @Test("no file written under the test's folders contains the password")
  func passwordNeverWritten() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await driverChallenge(service)
    _ = try await service.signUp(
      SignUpCredentials(identifier: "ann@example.com", password: Self.password, name: "Ann",
        type: .passenger))
    _ = await service.signOut()
    _ = try await service.signIn(identifier: "ann@example.com", password: Self.password)
    _ = try await service.updateName("Ann B")
    _ = await live.makeService().restoreSession()

    let files = live.allFiles()
    #expect(files.contains {
      $0.lastPathComponent.hasPrefix("account-") && $0.pathExtension == "plist"
    })
    #expect(files.contains { $0.lastPathComponent == "accounts.sqlite" })
    let needle = Data(Self.password.utf8)
    for file in files {
      let bytes = try Data(contentsOf: file)
      #expect(bytes.range(of: needle) == nil, "\(file.path) contains the password")
    }
  }

  // MARK: - Helpers

  private func signUpDriver(_ service: ServiceUser) async throws {
    _ = try await service.signUp(
      SignUpCredentials(identifier: "dan@example.com", password: Self.password, name: "Dan",
        type: .driver))
  }

  private func driverChallenge(_ service: ServiceUser) async throws -> Challenge {
    try await signUpDriver(service)
    _ = await service.signOut()
    let outcome = try await service.signIn(identifier: "dan@example.com", password: Self.password)
    guard case .codeRequired(let challenge) = outcome else {
      throw AuthFailure.unavailable(.serverTrouble("expected a challenge, got \(outcome)"))
    }
    return challenge
  }
}

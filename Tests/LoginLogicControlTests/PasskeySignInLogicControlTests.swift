import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Passkey sign-in")
struct PasskeySignInLogicControlTests {
  typealias P = PasskeyFixtures

  nonisolated static let noPasskeySentence =
    "This device has no passkey for this site; sign in another way, then add one under "
    + "Passkeys."

  @Test(
    "a passkey sign-in routes by user type and entry point, like a password sign-in",
    arguments: ProviderSignInLogicTests.routeCases)
  func routes(_ row: ProviderSignInLogicTests.RouteCase) async throws {
    let world = World()
    let user = Fixtures.user(row.type)
    world.service.passkeySignInResults = [.success(Fixtures.session(user))]
    let passkeys = try await P.authenticator(check: LocalCheck())
    await world.passkeySignInControl(from: row.entry).signIn(with: passkeys)?.value
    #expect(
      world.recorder.calls == [
        .passkeyStarted, .passkeyWaiting, .signedIn(user, row.route, from: .passkey),
      ])
    #expect(world.service.calls == [.passkeySignIn])
    #expect(
      world.events == [
        "passkey sign-in: started from \(row.entry)",
        "passkey sign-in: waiting for the authenticator",
        "passkey sign-in: signed in as \(row.type.rawValue) -> \(row.route)",
      ])
  }

  @Test("the person cancelling at the authenticator goes back with no alert and no failure")
  func cancelled() async throws {
    let world = World()
    world.service.passkeySignInResults = [.success(Fixtures.session(Fixtures.ann))]
    let check = LocalCheck()
    let passkeys = try await P.authenticator(check: check)
    await check.answer(false)
    let control = world.passkeySignInControl()
    await control.signIn(with: passkeys)?.value
    #expect(world.recorder.calls == [.passkeyStarted, .passkeyWaiting, .passkeyCancelled])
    #expect(!control.isSigningIn)
    #expect(world.events.last == "passkey sign-in: cancelled")
    #expect(!world.events.contains { $0.contains("failed") })
  }

  @Test("a device without a passkey for the site hears one sentence saying what to do")
  func noPasskey() async throws {
    let world = World()
    world.service.passkeySignInResults = [.success(Fixtures.session(Fixtures.ann))]
    let passkeys = try await P.authenticator(check: LocalCheck(), withPasskey: false)
    await world.passkeySignInControl().signIn(with: passkeys)?.value
    #expect(
      world.recorder.calls == [
        .passkeyStarted, .passkeyWaiting, .noPasskey(message: Self.noPasskeySentence),
      ])
    #expect(world.events.last == "passkey sign-in: failed, no_passkey")
  }

  @Test(
    "a failure stays on the screen with the failure's sentence",
    arguments: [
      AuthFailure.refused(.invalidPasskey), .refused(.flowExpired),
      .refused(.locked(retryAfterSeconds: 30)), .unsupported(.passkeys), .unavailable(.offline),
    ])
  func fails(_ failure: AuthFailure) async throws {
    let world = World()
    world.service.passkeySignInResults = [.failure(failure)]
    let passkeys = try await P.authenticator(check: LocalCheck())
    await world.passkeySignInControl().signIn(with: passkeys)?.value
    #expect(
      world.recorder.calls == [
        .passkeyStarted, .passkeyWaiting, .passkeyFailed(failure, message: failure.message),
      ])
    #expect(world.events.last?.hasPrefix("passkey sign-in: failed, \(failure.code)") == true)
  }

  @Test("waiting is told only once the authenticator is asked, not while the server is")
  func waitingForAuthenticator() async throws {
    let world = World()
    world.service.passkeySignInResults = [.success(Fixtures.session(Fixtures.ann))]
    let check = LocalCheck()
    let passkeys = try await P.authenticator(check: check)
    let server = CallGate()
    let person = CallGate()
    world.service.gate = server
    await check.hold(with: person)
    let control = world.passkeySignInControl()
    let task = control.signIn(with: passkeys)
    // The options request is in flight: started, not waiting.
    #expect(await waitUntil { world.service.calls == [.passkeySignIn] })
    #expect(world.recorder.calls == [.passkeyStarted])
    await server.open()
    #expect(await waitUntil { world.recorder.calls.count == 2 })
    #expect(world.recorder.calls == [.passkeyStarted, .passkeyWaiting])
    #expect(control.isSigningIn)
    await person.open()
    await task?.value
    #expect(
      world.recorder.calls.last == .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .passkey))
  }

  @Test("one sign-in at a time: a tap while one is in flight is ignored and logged")
  func oneAtATime() async throws {
    let world = World()
    world.service.passkeySignInResults = [
      .success(Fixtures.session(Fixtures.ann)), .success(Fixtures.session(Fixtures.dan)),
    ]
    let passkeys = try await P.authenticator(check: LocalCheck())
    let gate = CallGate()
    world.service.gate = gate
    let control = world.passkeySignInControl()
    let first = control.signIn(with: passkeys)
    #expect(control.isSigningIn)
    #expect(control.signIn(with: passkeys) == nil)
    await gate.open()
    await first?.value
    #expect(!control.isSigningIn)
    #expect(world.service.calls == [.passkeySignIn])
    #expect(
      world.recorder.calls == [
        .passkeyStarted, .passkeyWaiting,
        .signedIn(Fixtures.ann, .homeAsRoot(.member), from: .passkey),
      ])
    #expect(world.events.contains("passkey sign-in: ignored, a sign-in is already in flight"))
  }

  @Test("the session control hears the new session and routes nothing a second time")
  func sessionHearsIt() async throws {
    let world = World()
    let session = SessionLogicControl(environment: world.environment)
    session.delegate = world.recorder
    session.startListening()
    world.service.passkeySignInResults = [.success(Fixtures.session(Fixtures.dan))]
    let passkeys = try await P.authenticator(check: LocalCheck())
    await world.passkeySignInControl().signIn(with: passkeys)?.value
    #expect(await waitUntil { world.events.contains("session: signed in as admin") })
    #expect(
      world.recorder.calls == [
        .passkeyStarted, .passkeyWaiting,
        .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .passkey),
      ])
  }

  @Test("the sentences come from the tables, in 简体中文 too")
  func chinese() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        PasskeySignInLogicControl.message(for: .refused(.noPasskey))
          == "此设备上没有该网站的通行密钥；请用其他方式登录，然后在“通行密钥”中添加。")
      #expect(
        PasskeySignInLogicControl.message(for: .refused(.invalidPasskey))
          == AuthFailure.refused(.invalidPasskey).message)
    }
    #expect(PasskeySignInLogicControl.message(for: .refused(.noPasskey)) == Self.noPasskeySentence)
  }
}

@MainActor
@Suite("FakeLoginService: passkey calls")
struct FakeLoginServicePasskeyTests {
  @Test("a passkey sign-in publishes .signedIn with its user; a failed one publishes nothing")
  func publishesSignedIn() async throws {
    let service = FakeLoginService()
    service.passkeySignInResults = [
      .failure(.refused(.invalidPasskey)), .success(Fixtures.session(Fixtures.dan)),
    ]
    let passkeys = try await PasskeyFixtures.authenticator(check: LocalCheck())
    await #expect(throws: AuthFailure.refused(.invalidPasskey)) {
      try await service.signIn(withPasskeyFrom: passkeys)
    }
    let session = try await service.signIn(withPasskeyFrom: passkeys)
    #expect(session.user == Fixtures.dan)
    service.finishChanges()
    var heard: [SessionChange] = []
    for await change in service.sessionChanges() { heard.append(change) }
    #expect(heard == [.signedIn(Fixtures.dan)])
  }

  @Test("each passkey call is recorded with what it sent and takes its own script")
  func scripted() async throws {
    let service = FakeLoginService()
    let check = LocalCheck()
    let passkeys = try await PasskeyFixtures.authenticator(check: check, withPasskey: false)
    service.addPasskeyResults = [.success(PasskeyFixtures.workKey)]
    service.passkeysResults = [.success([PasskeyFixtures.workKey])]
    service.renamePasskeyResults = [.failure(.refused(.passkeyNotFound))]
    service.removePasskeyResults = [.success(())]
    #expect(
      try await service.addPasskey(named: "Work key", using: passkeys) == PasskeyFixtures.workKey)
    #expect(try await service.passkeys() == [PasskeyFixtures.workKey])
    await #expect(throws: AuthFailure.refused(.passkeyNotFound)) {
      try await service.renamePasskey(id: "cred-x", to: "New")
    }
    try await service.removePasskey(id: "cred-work")
    await #expect(throws: AuthFailure.unavailable(.serverTrouble("unscripted call"))) {
      try await service.passkeys()
    }
    #expect(
      service.calls == [
        .addPasskey(name: "Work key"), .passkeys, .renamePasskey(id: "cred-x", name: "New"),
        .removePasskey(id: "cred-work"), .passkeys,
      ])
    // The authenticator made a key for the fake's site: a sign-in can use it now.
    #expect(try await passkeys.hasPasskey(for: FakeLoginService.passkeyRelyingParty))
  }

  @Test("the authenticator's refusal is the answer, and the script is kept for the next call")
  func authenticatorFirst() async throws {
    let service = FakeLoginService()
    let check = LocalCheck()
    await check.answer(false)
    let passkeys = try await PasskeyFixtures.authenticator(check: check, withPasskey: false)
    service.addPasskeyResults = [.success(PasskeyFixtures.workKey)]
    await #expect(throws: AuthFailure.refused(.passkeyCancelled)) {
      try await service.addPasskey(named: "Work key", using: passkeys)
    }
    #expect(service.addPasskeyResults.count == 1)
    #expect(service.calls.map(\.description) == ["addPasskey(named: Work key)"])
  }
}

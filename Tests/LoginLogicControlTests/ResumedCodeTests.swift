import LoginCore
import LoginLogicControl
import Testing
import UserModel

/// A challenge saved by an earlier sign-in (another process) and resumed without the password.
@MainActor
@Suite("Resumed one-time code")
struct ResumedCodeTests {
  private func resume(
    _ challenge: Challenge, in world: World, from entry: LoginEntryPoint = .welcome
  ) -> CodeLogicControl {
    let control = CodeLogicControl(
      environment: world.environment, entryPoint: entry, resuming: challenge)
    control.delegate = world.recorder
    control.start()
    return control
  }

  @Test("counts down from the saved expiry, refuses a resend, and signs in with the right code")
  func resumedChallenge_fullSequence() async {
    let world = World()
    world.service.verifyResults = [
      .failure(.refused(.invalidCode(attemptsLeft: 2))), .success(Fixtures.session(Fixtures.dan)),
    ]
    let control = resume(Fixtures.challenge(seconds: 42.3), in: world)
    #expect(control.canResendCode == false)
    await control.submit(code: "111111")?.value
    #expect(control.resendCode() == nil)
    await control.submit(code: Fixtures.code)?.value
    #expect(
      world.recorder.calls == [
        .tick(43),
        .verifying, .codeFailed(.refused(.invalidCode(attemptsLeft: 2))),
        .codeFailed(.unsupported(.resendCode)),
        .verifying, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .code),
      ])
    #expect(
      world.service.calls == [
        .verifyCode("111111", challengeID: "chl_one"),
        .verifyCode(Fixtures.code, challengeID: "chl_one"),
      ])
    #expect(control.hasEnded)
    #expect(
      AuthFailure.unsupported(.resendCode).message
        == "A new code can't be sent from here; enter the code you have, or sign in again.")
    #expect(AuthFailure.unsupported(.resendCode).code == "unsupported_resend_code")
  }

  @Test("a resumed challenge started from a feature returns to that feature")
  func resumedChallenge_fromFeature_returnsToIt() async {
    let world = World()
    world.service.verifyResults = [.success(Fixtures.session(Fixtures.dan))]
    let control = resume(Fixtures.challenge(), in: world, from: .guestFeature(.myRides))
    await control.submit(code: Fixtures.code)?.value
    #expect(
      world.recorder.calls == [
        .tick(60), .verifying, .signedIn(Fixtures.dan, .backToFeature(.myRides), from: .code),
      ])
  }

  @Test("a saved challenge already expired sends the admin back to sign-in at once")
  func resumedChallenge_expired_endsAtOnce() {
    let world = World()
    let control = resume(Fixtures.challenge(seconds: -1), in: world)
    #expect(world.recorder.calls == [.backToSignIn(.refused(.codeExpired))])
    #expect(control.submit(code: Fixtures.code) == nil)
    #expect(world.service.calls.isEmpty)
  }

  @Test("a signed-in flow's code control can still resend")
  func signedInFlow_canResend() async {
    let world = World()
    let control = await world.codeControl()
    #expect(control?.canResendCode == true)
  }
}

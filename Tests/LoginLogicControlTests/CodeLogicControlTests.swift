import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("One-time code")
struct CodeLogicControlTests {
  /// What every code test begins with: sign-in, code required, the first tick.
  private let opening: [DelegateRecorder.Call] = [
    .signInStarted, .needsCode(Fixtures.challenge()), .tick(60),
  ]

  @Test("a right code signs the admin in and routes like sign-in")
  func success() async {
    let world = World()
    world.service.verifyResults = [.success(Fixtures.session(Fixtures.dan))]
    let control = await world.codeControl()
    await control?.submit(code: " \(Fixtures.code) ")?.value
    #expect(
      world.recorder.calls
        == opening + [.verifying, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .code)])
    #expect(
      world.service.calls == [
        .signIn(identifier: "dan@example.com", password: Fixtures.password),
        .verifyCode(Fixtures.code, challengeID: "chl_one"),
      ])
    #expect(control?.hasEnded == true)
    #expect(control?.countdownTask == nil)
  }

  @Test("three wrong codes report the attempts left, then send the admin back to sign-in")
  func threeWrongCodes() async {
    let world = World()
    world.service.verifyResults = [
      .failure(.refused(.invalidCode(attemptsLeft: 2))),
      .failure(.refused(.invalidCode(attemptsLeft: 1))),
      .failure(.refused(.tooManyAttempts)),
    ]
    let control = await world.codeControl()
    for wrong in ["111111", "222222", "333333"] {
      await control?.submit(code: wrong)?.value
    }
    #expect(
      world.recorder.calls == opening + [
        .verifying, .codeFailed(.refused(.invalidCode(attemptsLeft: 2))),
        .verifying, .codeFailed(.refused(.invalidCode(attemptsLeft: 1))),
        .verifying, .backToSignIn(.refused(.tooManyAttempts)),
      ])
    #expect(
      AuthFailure.refused(.invalidCode(attemptsLeft: 1)).message
        == "That code is wrong; 1 attempt left.")
    #expect(
      AuthFailure.refused(.tooManyAttempts).message
        == "Too many wrong codes; sign in again to get a new one.")
    #expect(control?.submit(code: "444444") == nil)
    world.clock.advance(by: .seconds(60))
    #expect(world.recorder.calls.count == opening.count + 6)
  }

  @Test("the countdown ticks every second and expires at 60 s, back to sign-in")
  func expiry() async {
    let world = World()
    let control = await world.codeControl()
    #expect(await world.clock.waitForSleepers(1))
    world.clock.advance(by: .seconds(59))
    #expect(await world.clock.waitForSleepers(1))
    let ticks = (1...60).reversed().map(DelegateRecorder.Call.tick)
    #expect(world.recorder.calls == Array(opening.dropLast()) + ticks)
    #expect(control?.secondsLeft == 1)

    world.clock.advance(by: .seconds(1))
    await control?.countdownTask?.value
    #expect(
      world.recorder.calls == Array(opening.dropLast()) + ticks + [
        .backToSignIn(.refused(.codeExpired))
      ])
    #expect(
      AuthFailure.refused(.codeExpired).message
        == "The code has expired; sign in again to get a new one.")
    #expect(control?.submit(code: Fixtures.code) == nil)
    #expect(world.service.calls.count == 1)
  }

  @Test("the countdown starts from the challenge's expiry, not from 60")
  func countdownFromExpiry() async {
    let world = World()
    let challenge = Fixtures.challenge(seconds: 42.3)
    _ = await world.codeControl(challenge: challenge)
    #expect(world.recorder.calls == [.signInStarted, .needsCode(challenge), .tick(43)])
  }

  @Test("a challenge already expired sends the admin back to sign-in at once")
  func alreadyExpired() async {
    let world = World()
    let challenge = Fixtures.challenge(seconds: -5)
    let control = await world.codeControl(challenge: challenge)
    #expect(
      world.recorder.calls == [
        .signInStarted, .needsCode(challenge), .backToSignIn(.refused(.codeExpired)),
      ])
    #expect(control?.countdownTask == nil)
  }

  @Test("time running out while a code is checked ends the challenge when the answer comes")
  func expiryWhileVerifying() async {
    let world = World()
    let control = await world.codeControl()
    let gate = CallGate()
    world.service.gate = gate
    world.service.verifyResults = [.failure(.refused(.invalidCode(attemptsLeft: 2)))]
    let check = control?.submit(code: "111111")
    #expect(await world.clock.waitForSleepers(1))
    world.clock.advance(by: .seconds(60))
    await control?.countdownTask?.value
    await gate.open()
    await check?.value
    let ticks = (1...59).reversed().map(DelegateRecorder.Call.tick)
    #expect(
      world.recorder.calls == opening + [.verifying] + ticks + [
        .backToSignIn(.refused(.codeExpired))
      ])
  }

  @Test("a code that is not six digits is refused without a request")
  func malformedCode() async {
    let world = World()
    let control = await world.codeControl()
    for bad in ["", "12345", "1234567", "12a456", "１２３４５６"] {
      #expect(control?.submit(code: bad) == nil)
    }
    #expect(
      world.recorder.calls
        == opening + Array(repeating: .codeFailed(.refused(.malformedCode)), count: 5))
    #expect(world.service.calls.count == 1)
  }

  @Test("a second submit while a code is checked is ignored; offline lets the admin retry")
  func doubleSubmitAndRetry() async {
    let world = World()
    world.service.verifyResults = [
      .failure(.unavailable(.offline)), .success(Fixtures.session(Fixtures.dan)),
    ]
    let control = await world.codeControl()
    let first = control?.submit(code: "111111")
    #expect(control?.submit(code: "111111") == nil)
    #expect(control?.resendCode() == nil)
    await first?.value
    await control?.submit(code: Fixtures.code)?.value
    #expect(
      world.recorder.calls == opening + [
        .verifying, .codeFailed(.unavailable(.offline)),
        .verifying, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .code),
      ])
    #expect(world.service.calls.count == 3)
  }

  @Test("resending signs in again and restarts the countdown with the new challenge")
  func resend() async {
    let world = World()
    let control = await world.codeControl()
    #expect(await world.clock.waitForSleepers(1))
    world.clock.advance(by: .seconds(30))
    #expect(await world.clock.waitForSleepers(1))
    let second = Fixtures.challenge("chl_two")
    world.service.signInResults = [.success(.codeRequired(second))]
    world.service.verifyResults = [.success(Fixtures.session(Fixtures.dan))]
    await control?.resendCode()?.value
    #expect(control?.challenge == second)
    await control?.submit(code: Fixtures.code)?.value
    let firstTicks = (30...59).reversed().map(DelegateRecorder.Call.tick)
    #expect(
      world.recorder.calls == opening + firstTicks + [
        .resending, .resent, .tick(60), .verifying,
        .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .code),
      ])
    #expect(
      world.service.calls == [
        .signIn(identifier: "dan@example.com", password: Fixtures.password),
        .signIn(identifier: "dan@example.com", password: Fixtures.password),
        .verifyCode(Fixtures.code, challengeID: "chl_two"),
      ])
  }

  @Test("a resend refused for the credentials goes back to sign-in")
  func resendRefused() async {
    let world = World()
    let control = await world.codeControl()
    world.service.signInResults = [.failure(.refused(.invalidCredentials(.email)))]
    await control?.resendCode()?.value
    #expect(
      world.recorder.calls == opening + [
        .resending, .backToSignIn(.refused(.invalidCredentials(.email))),
      ])
  }

  @Test("stopping the step ends the countdown without another call")
  func stop() async {
    let world = World()
    let control = await world.codeControl()
    control?.stop()
    world.clock.advance(by: .seconds(60))
    #expect(control?.submit(code: Fixtures.code) == nil)
    #expect(world.recorder.calls == opening)
    #expect(control?.countdownTask == nil)
  }
}

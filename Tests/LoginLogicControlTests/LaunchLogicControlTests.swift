import LoginCore
import LoginLogicControl
import Testing
import UserModel

@MainActor
@Suite("Launch check")
struct LaunchLogicControlTests {
  private func check(_ outcome: RestoreOutcome) async -> World {
    let world = World()
    world.service.restoreOutcome = outcome
    let control = LaunchLogicControl(environment: world.environment)
    control.delegate = world.recorder
    await control.checkSession()?.value
    #expect(world.service.calls == [.restoreSession])
    #expect(!control.isChecking)
    return world
  }

  @Test(
    "a valid saved session goes to that type's home as the root",
    arguments: [UserType.member, .admin])
  func validSession(type: UserType) async {
    let user = Fixtures.user(type)
    let world = await check(.signedIn(Fixtures.session(user)))
    #expect(world.recorder.calls == [.launchRestored(user, goHome: type)])
  }

  @Test("no saved session goes to welcome")
  func noSession() async {
    let world = await check(.notSignedIn)
    #expect(world.recorder.calls == [.launchNoSession])
  }

  @Test("an expired session goes to welcome saying the session has expired")
  func expired() async {
    let world = await check(.expired)
    #expect(
      world.recorder.calls == [
        .launchExpired(message: "Your session has expired; please sign in again.")
      ])
  }

  @Test("an answer for another account goes to welcome saying so")
  func accountChanged() async {
    let world = await check(.accountChanged)
    #expect(
      world.recorder.calls == [
        .launchExpired(
          message:
            "Your account provider answered for a different account, so you were signed out; "
            + "sign in again.")
      ])
  }

  @Test("a session that cannot be validated offline goes home, marked offline")
  func offline() async {
    let world = await check(.offline(Fixtures.session(Fixtures.dan)))
    #expect(
      world.recorder.calls == [
        .launchOffline(
          Fixtures.dan, goHome: .admin,
          message: "You're offline; the app will check your session when the connection is back.")
      ])
  }


  @Test("a session the server could not confirm goes home with the failure's sentence")
  func unverified() async {
    let failure = AuthFailure.unavailable(.unexpectedAnswer(status: 403, "HTTP 403, empty"))
    let world = await check(.unverified(Fixtures.session(Fixtures.ann), failure))
    #expect(
      world.recorder.calls == [
        .launchOffline(
          Fixtures.ann, goHome: .member,
          message:
            "The sign-in provider answered HTTP 403 without a usable answer; try again later. "
            + "Your session is kept until it can be checked.")
      ])
    #expect(!world.log.lines.joined().contains("offline,"))
  }

  @Test("an unreadable session store goes to welcome with a clear message, nothing deleted")
  func unreadable() async {
    let world = await check(
      .unavailable(.unavailable(.sessionUnreadable("plist damaged at /home/ann/.koober/session"))))
    #expect(
      world.recorder.calls == [
        .launchUnreadable(
          message:
            "Your saved sign-in could not be read, so please sign in again; nothing was deleted.")
      ])
    #expect(!world.log.text.contains("/home/ann"))
    #expect(world.log.text.contains("session_unavailable"))
  }

  @Test("a session a newer release wrote goes to welcome saying to update the app")
  func updateRequired() async {
    let world = await check(.unavailable(.refused(.updateRequired)))
    #expect(
      world.recorder.calls == [
        .launchUnreadable(
          message:
            "This device's data was written by a newer version of the app; "
            + "update the app to sign in.")
      ])
    #expect(world.log.text.contains("update the app"))
    #expect(
      LaunchLogicControl.unavailableMessage(.refused(.updateRequired))
        != LaunchLogicControl.unavailableMessage(.unavailable(.storage("EIO"))))
  }

  @Test("a second check while one runs is ignored")
  func secondCheckIgnored() async {
    let world = World()
    world.service.restoreOutcome = .notSignedIn
    let control = LaunchLogicControl(environment: world.environment)
    control.delegate = world.recorder
    let first = control.checkSession()
    #expect(control.checkSession() == nil)
    await first?.value
    #expect(world.recorder.calls == [.launchNoSession])
    #expect(world.service.calls == [.restoreSession])
  }
}

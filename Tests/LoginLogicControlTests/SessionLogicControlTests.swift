import LoginCore
import LoginLogicControl
import Testing
import UserModel

@MainActor
@Suite("Sign-out and session end")
struct SessionLogicControlTests {
  static let revoked =
    "You were signed out because your session was ended elsewhere; please sign in again."
  static let expired = "Your session has expired; please sign in again."

  private func sessionControl(_ world: World) -> SessionLogicControl {
    let control = SessionLogicControl(environment: world.environment)
    control.delegate = world.recorder
    return control
  }

  @Test("signing out goes to welcome")
  func signOut() async {
    let world = World()
    let control = sessionControl(world)
    await control.signOut()?.value
    #expect(world.recorder.calls == [.signingOut, .signedOut(notice: nil)])
    #expect(world.service.calls == [.signOut])
  }

  @Test("signing out without the server goes to welcome with a notice")
  func signOutLocally() async {
    let world = World()
    world.service.signOutOutcome = .signedOutLocally
    await sessionControl(world).signOut()?.value
    #expect(
      world.recorder.calls == [
        .signingOut,
        .signedOut(
          notice:
            "Signed out on this device; the server could not be reached to end the session "
            + "there."),
      ])
  }

  @Test("a second sign-out tap while one is out is ignored")
  func doubleSignOut() async {
    let world = World()
    let control = sessionControl(world)
    let first = control.signOut()
    #expect(control.signOut() == nil)
    await first?.value
    #expect(world.recorder.calls == [.signingOut, .signedOut(notice: nil)])
    #expect(world.service.calls == [.signOut])
  }

  @Test("a session revoked while the code screen shows goes to welcome with a message")
  func revokedOnAScreen() async {
    let world = World()
    let session = sessionControl(world)
    session.startListening()
    let code = await world.codeControl()
    world.service.publish(.signedOut(.revoked))
    world.service.finishChanges()
    await session.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .signInStarted, .needsCode(Fixtures.challenge()), .tick(60),
        .sessionEnded(.revoked, message: Self.revoked),
      ])
    code?.stop()
  }

  @Test("each end is reported once; a new sign-in re-arms it; the user's own sign-out is not")
  func changeStream() async {
    let world = World()
    let control = sessionControl(world)
    control.startListening()
    control.startListening()
    for change: SessionChange in [
      .initial(nil, accounts: []), .signedIn(Fixtures.ann), .signedOut(.revoked), .signedOut(.revoked),
      .signedOut(.userAction), .signedIn(Fixtures.dan), .signedOut(.expired),
    ] {
      world.service.publish(change)
    }
    world.service.finishChanges()
    await control.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .sessionEnded(.revoked, message: Self.revoked),
        .sessionEnded(.expired, message: Self.expired),
      ])
  }

  @Test("the stream's first element, the state at subscription, is neither reported nor logged")
  func initialState() async {
    let world = World()
    let control = sessionControl(world)
    control.startListening()
    world.service.publish(.initial(Fixtures.dan, accounts: []))
    world.service.publish(.signedOut(.expired))
    world.service.finishChanges()
    await control.listenerTask?.value
    #expect(world.recorder.calls == [.sessionEnded(.expired, message: Self.expired)])
  }

  @Test("the stream's echo of a sign-out is not reported twice")
  func signOutEcho() async {
    let world = World()
    let control = sessionControl(world)
    control.startListening()
    await control.signOut()?.value
    world.service.publish(.signedOut(.userAction))
    world.service.publish(.signedOut(.revoked))
    world.service.finishChanges()
    await control.listenerTask?.value
    #expect(world.recorder.calls == [.signingOut, .signedOut(notice: nil)])
  }
}

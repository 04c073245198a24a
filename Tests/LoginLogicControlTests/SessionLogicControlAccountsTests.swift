import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

/// The session control with several accounts kept: a sign-out of the active one that leaves
/// another active goes to that one's home; a switch made elsewhere is routed like a sign-in,
/// once; a removed inactive account changes nothing.
@MainActor
@Suite("Sign-out and session end with several accounts")
struct SessionLogicControlAccountsTests {
  typealias A = AccountFixtures

  private func sessionControl(
    _ world: World, sharing shared: LoginEnvironment? = nil
  ) -> SessionLogicControl {
    let control = SessionLogicControl(environment: shared ?? world.environment)
    control.delegate = world.recorder
    return control
  }

  /// A listening session control and an accounts control, made from one environment as an
  /// app's container makes them.
  private func listeningControls(_ world: World) -> (SessionLogicControl, AccountsLogicControl) {
    let environment = world.environment
    let session = sessionControl(world, sharing: environment)
    session.startListening()
    return (session, world.accountsControl(sharing: environment))
  }

  @Test("signing out the active account with another kept goes to that one's home")
  func signOutToNext() async {
    let world = World()
    world.service.keptAccounts = [A.ann, A.dan]
    world.service.signOutOutcome = .signedOutLocally
    await sessionControl(world).signOut()?.value
    #expect(
      world.recorder.calls == [
        .signingOut,
        .switchedTo(Fixtures.dan, .homeAsRoot(.admin), notice: AccountsSignOutTests.locally),
      ])
    #expect(world.service.calls == [.signOut])
    #expect(
      world.log.lines.last?.hasSuffix(
        "session: signed out on this device only (server unreachable) -> next account, admin: "
          + "home admin (root)") == true)
  }

  @Test("its own sign-out's echo is not routed again; the next account's end is reported")
  func signOutEcho() async {
    let world = World()
    world.service.keptAccounts = [A.ann, A.dan]
    let control = sessionControl(world)
    control.startListening()
    world.service.publishInitial()
    // The fake publishes `.accountRemoved(Ann)` and `.switched(to: Dan)` as it signs out.
    await control.signOut()?.value
    world.service.publish(.signedOut(.revoked))
    world.service.finishChanges()
    await control.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .signingOut, .switchedTo(Fixtures.dan, .homeAsRoot(.admin), notice: nil),
        .sessionEnded(.revoked, message: SessionLogicControlTests.revoked),
      ])
  }

  @Test("a switch made elsewhere routes like a sign-in; a removed account changes nothing")
  func switchElsewhere() async {
    let world = World()
    let control = sessionControl(world)
    control.startListening()
    for change: SessionChange in [
      .initial(Fixtures.ann, accounts: [A.ann, A.dan]), .accountRemoved(Fixtures.dan, .revoked),
      .accountRemoved(Fixtures.dan, .userAction), .switched(to: Fixtures.dan),
      .switched(to: Fixtures.ann),
    ] {
      world.service.publish(change)
    }
    world.service.finishChanges()
    await control.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .switchedTo(Fixtures.dan, .homeAsRoot(.admin), notice: nil),
        .switchedTo(Fixtures.ann, .homeAsRoot(.member), notice: nil),
      ])
    #expect(
      world.log.lines.contains {
        $0.hasSuffix("session: switched to admin elsewhere -> home admin (root)")
      })
  }

  @Test("a switch the accounts control routes is not routed again by the session control")
  func switchRoutedOnce() async {
    let world = World()
    let (session, accounts) = listeningControls(world)
    world.service.publishInitial()
    world.service.switchResults = [.success(Fixtures.session(Fixtures.dan))]
    await accounts.switchAccount(to: A.dan)?.value
    await accounts.signOut(account: A.danActive)?.value
    world.service.finishChanges()
    await session.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .accounts),
        .accountsStarted,
        .accountsSignedOut(.nextAccount(Fixtures.ann, .homeAsRoot(.member)), notice: nil),
      ])
  }

  @Test("an echo heard while the sign-out is in flight is not routed; a later switch is")
  func echoHeardInFlight() async {
    let world = World()
    let (session, accounts) = listeningControls(world)
    let held = CallGate()
    // The list read after the sign-out waits: the stream's echo arrives meanwhile.
    world.service.accountsGates = [held]
    let signOut = accounts.signOut(account: A.ann)
    #expect(
      await waitUntil {
        world.log.lines.contains { $0.hasSuffix("session: switched to admin") }
      })
    await held.open()
    await signOut?.value
    world.service.publish(.switched(to: Fixtures.ann))
    world.service.finishChanges()
    await session.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted,
        .accountsSignedOut(.nextAccount(Fixtures.dan, .homeAsRoot(.admin)), notice: nil),
        .switchedTo(Fixtures.ann, .homeAsRoot(.member), notice: nil),
      ])
  }

  @Test("a sign-out made elsewhere goes to welcome with its sentence; one routed here does not")
  func signOutElsewhere() async {
    let world = World()
    let (session, accounts) = listeningControls(world)
    world.service.keptAccounts = [A.ann]
    world.service.publishInitial()
    // The accounts control signs the last account out: it routes to welcome itself.
    await accounts.signOutAll()?.value
    // Then another process signs in and out again: only that end is this control's to route.
    world.service.publish(.signedIn(Fixtures.dan))
    world.service.publish(.signedOut(.userAction))
    world.service.finishChanges()
    await session.listenerTask?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted, .accountsSignedOut(.welcome, notice: nil),
        .sessionEnded(.userAction, message: SessionLogicControl.signedOutElsewhereMessage),
      ])
    #expect(
      SessionLogicControl.signedOutElsewhereMessage == "You were signed out in another window.")
  }

  @Test("a delegate written before several accounts goes to welcome on a switch")
  func defaultGoesToWelcome() async {
    let world = World()
    let older = OlderSessionDelegate()
    let control = SessionLogicControl(environment: world.environment)
    control.delegate = older
    world.service.keptAccounts = [A.ann, A.dan]
    await control.signOut()?.value
    #expect(older.welcomes == [nil])
  }
}

/// A session delegate with the three methods it had before several accounts.
@MainActor
final class OlderSessionDelegate: SessionLogicDelegate {
  private(set) var welcomes: [String?] = []
  func sessionLogicDidStartSigningOut(_ control: SessionLogicControl) {}
  func sessionLogic(_ control: SessionLogicControl, didSignOutGoToWelcomeWith notice: String?) {
    welcomes.append(notice)
  }
  func sessionLogic(
    _ control: SessionLogicControl, sessionDidEnd reason: SignOutReason,
    goToWelcomeWith message: String
  ) {}
}

import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

@MainActor
@Suite("Accounts: sign out one or all")
struct AccountsSignOutTests {
  typealias A = AccountFixtures
  static let locally =
    "Signed out on this device; the server could not be reached to end the session there."

  @Test("signing out another account stays on the list, the active one unchanged")
  func signOutInactive() async {
    let world = World()
    await world.accountsControl().signOut(account: A.dan)?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted, .accountsSignedOut(.stay(remaining: [A.ann]), notice: nil),
      ])
    #expect(world.service.calls == [.signOutAccount(userID: "usr_dan")])
    #expect(world.log.lines.last?.hasSuffix("accounts: signed out -> stays, 1 left") == true)
  }

  @Test("signing out the active account goes to the next one's home, with the notice")
  func signOutActiveWithOthers() async {
    let world = World()
    let control = world.accountsControl()
    world.service.signOutAccountOutcome = .signedOutLocally
    await control.signOut(account: A.ann)?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted,
        .accountsSignedOut(
          .nextAccount(Fixtures.dan, .homeAsRoot(.admin)), notice: Self.locally),
      ])
    #expect(world.service.keptAccounts == [A.danActive])
  }

  @Test("signing out the last account goes to welcome")
  func signOutLast() async {
    let world = World()
    let control = world.accountsControl()
    world.service.keptAccounts = [A.ann]
    await control.signOut(account: A.ann)?.value
    #expect(world.recorder.calls == [.accountsStarted, .accountsSignedOut(.welcome, notice: nil)])
    #expect(world.log.lines.last?.hasSuffix("accounts: signed out -> welcome") == true)
  }

  @Test("signing out of all accounts goes to welcome and leaves none")
  func signOutAll() async {
    let world = World()
    let control = world.accountsControl()
    await control.signOutAll()?.value
    #expect(world.recorder.calls == [.accountsStarted, .accountsSignedOut(.welcome, notice: nil)])
    #expect(world.service.calls == [.signOutAll])
    #expect(world.service.keptAccounts.isEmpty)
  }
}

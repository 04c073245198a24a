import Foundation
import Localization
import LoginCore
import LoginLogicControl
import LoginTesting
import Testing
import UserModel

/// Shared account rows: Ann (a member, active) and Dan (an admin, kept).
enum AccountFixtures {
  static let ann = Account(user: Fixtures.ann, lastActive: Fixtures.now, isActive: true)
  static let dan = Account(user: Fixtures.dan, lastActive: Fixtures.now - 600, isActive: false)
  static let danActive = Account(user: Fixtures.dan, lastActive: Fixtures.now - 600, isActive: true)
  static let annKept = Account(user: Fixtures.ann, lastActive: Fixtures.now, isActive: false)
  static let unknown =
    "dan@example.com is no longer signed in on this device; add the account "
    + "again to use it."
  static let ended =
    "The session of dan@example.com has ended, so it was removed from this "
    + "device; add the account again to use it."
}

extension World {
  /// An accounts control over a fake keeping Ann (active) and Dan.
  /// - Parameters:
  ///   - entry: Where the list was opened from.
  ///   - shared: The environment to share with another control; a new one by default.
  func accountsControl(
    from entry: LoginEntryPoint = .welcome, sharing shared: LoginEnvironment? = nil
  ) -> AccountsLogicControl {
    service.keptAccounts = [AccountFixtures.ann, AccountFixtures.dan]
    let control = AccountsLogicControl(environment: shared ?? environment, entryPoint: entry)
    control.delegate = recorder
    return control
  }
}

@MainActor
@Suite("Accounts: list, switch, add")
struct AccountsLogicControlTests {
  typealias A = AccountFixtures

  @Test("loading hands the service's list to the delegate and asks nothing else")
  func load() async {
    let world = World()
    await world.accountsControl().loadAccounts()?.value
    #expect(world.recorder.calls == [.accountsLoaded([A.ann, A.dan])])
    #expect(world.service.calls == [])
    #expect(world.service.accountsReads == 1)
    #expect(
      world.log.lines.map { $0.split(separator: " ", maxSplits: 1)[1] } == [
        "accounts: reading the list", "accounts: 2 listed",
      ])
  }

  /// A switch and the route it must end in.
  struct SwitchCase: Sendable, CustomTestStringConvertible {
    let account: Account
    let entry: LoginEntryPoint
    let route: LoginRoute
    var testDescription: String { "\(account.type.rawValue) from \(entry)" }
  }

  nonisolated static let switchCases = [
    SwitchCase(account: A.dan, entry: .welcome, route: .homeAsRoot(.admin)),
    SwitchCase(
      account: A.dan, entry: .guestFeature(.requestRide),
      route: .homeInstead(of: .requestRide, home: .admin)),
    SwitchCase(account: A.dan, entry: .guestFeature(.myRides), route: .backToFeature(.myRides)),
    SwitchCase(account: A.annKept, entry: .launch, route: .homeAsRoot(.member)),
    SwitchCase(
      account: A.annKept, entry: .guestFeature(.requestRide), route: .backToFeature(.requestRide)),
  ]

  @Test(
    "a switch routes the new active account by type and entry point, like a sign-in",
    arguments: switchCases)
  func switchRoutes(_ row: SwitchCase) async {
    let world = World()
    let control = world.accountsControl(from: row.entry)
    world.service.switchResults = [.success(Fixtures.session(row.account.user))]
    await control.switchAccount(to: row.account)?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted, .signedIn(row.account.user, row.route, from: .accounts),
      ])
    #expect(world.service.calls == [.switchAccount(userID: row.account.user.id)])
    #expect(
      world.log.lines.last?.hasSuffix(
        "accounts: switched to \(row.account.type.rawValue) -> \(row.route)") == true)
  }

  /// A failed switch, and the sentence and list that follow.
  struct FailureCase: Sendable, CustomTestStringConvertible {
    let failure: AuthFailure
    let message: String
    let remaining: [Account]
    var testDescription: String { failure.code }
  }

  nonisolated static let failureCases = [
    FailureCase(failure: .refused(.unknownAccount), message: A.unknown, remaining: [A.ann, A.dan]),
    // The fake, like a service, removes an account whose session ended.
    FailureCase(failure: .refused(.sessionEnded), message: A.ended, remaining: [A.ann]),
    FailureCase(
      failure: .unavailable(.offline), message: AuthFailure.unavailable(.offline).message,
      remaining: [A.ann, A.dan]),
  ]

  @Test(
    "a failed switch stays with one sentence, then the list read again",
    arguments: failureCases)
  func switchFails(_ row: FailureCase) async {
    let world = World()
    let control = world.accountsControl()
    world.service.switchResults = [.failure(row.failure)]
    await control.switchAccount(to: A.dan)?.value
    #expect(
      world.recorder.calls == [
        .accountsStarted, .accountsFailed(row.failure, message: row.message),
        .accountsLoaded(row.remaining),
      ])
    #expect(world.service.keptAccounts == row.remaining)
    #expect(world.log.lines.contains { $0.hasSuffix("accounts: failed, \(row.failure.code)") })
  }

  @Test("the account sentences come from the tables, in 简体中文 too")
  func chineseSentences() {
    Texts.$scopedLanguage.withValue(.simplifiedChinese) {
      #expect(
        AccountsLogicControl.message(for: .refused(.unknownAccount), account: A.dan)
          == "dan@example.com 已不在本设备上登录；如需使用，请重新添加该账号。")
      #expect(
        AccountsLogicControl.message(for: .refused(.sessionEnded), account: A.dan)
          == "dan@example.com 的登录已结束，已从本设备移除；如需使用，请重新添加该账号。")
    }
    let english = TextTable.loginLogicControl.table(in: .english)
    let chinese = TextTable.loginLogicControl.table(in: .simplifiedChinese)
    #expect(Set(english.keys) == Set(chinese.keys))
  }

  @Test("add account goes to the sign-in from the entry point and signs nobody out")
  func addAccount() async {
    let world = World()
    let control = world.accountsControl(from: .guestFeature(.myRides))
    control.addAccount()
    #expect(world.recorder.calls == [.addAccount(from: .guestFeature(.myRides))])
    #expect(world.service.calls == [])
    #expect(world.service.keptAccounts == [A.ann, A.dan])
    #expect(
      world.log.lines.last?.hasSuffix("accounts: add an account -> sign-in from feature myRides")
        == true)
  }

  @Test("one request at a time: every tap while one is in flight is ignored and logged")
  func oneAtATime() async {
    let world = World()
    let control = world.accountsControl()
    let gate = CallGate()
    world.service.gate = gate
    world.service.switchResults = [.success(Fixtures.session(Fixtures.dan))]
    let first = control.switchAccount(to: A.dan)
    #expect(control.isBusy)
    #expect(control.switchAccount(to: A.dan) == nil)
    #expect(control.loadAccounts() == nil)
    #expect(control.signOut(account: A.ann) == nil)
    #expect(control.signOutAll() == nil)
    control.addAccount()
    await gate.open()
    await first?.value
    #expect(!control.isBusy)
    #expect(
      world.recorder.calls == [
        .accountsStarted, .signedIn(Fixtures.dan, .homeAsRoot(.admin), from: .accounts),
      ])
    #expect(world.service.calls == [.switchAccount(userID: "usr_dan")])
    let ignored = world.log.lines.filter {
      $0.hasSuffix("accounts: ignored, an account request is already in flight")
    }
    #expect(ignored.count == 5)
  }
}

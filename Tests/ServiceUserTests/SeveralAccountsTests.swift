import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// Issue 32, item 1: several accounts in one session folder, against the reference backend:
/// each stays signed in at the server, switching needs no sign-in, signing one out leaves the
/// others live, and signing out all leaves no live token family.
@Suite("several accounts in one folder, against the reference backend")
struct SeveralAccountsTests {
  /// Ann (a passenger) signs up, then Dan (a driver) on the same device.
  struct TwoAccounts {
    let world: ProxiedBackend
    let service: ServiceUser
    let log: ChangeLog
    let ann: UserSession
    let dan: UserSession

    init() async throws {
      world = try ProxiedBackend(window: 30)
      service = world.makeService()
      log = ChangeLog(service)
      ann = try await service.signUp(
        SignUpCredentials(
          identifier: "ann@example.com", password: "Tr4il-runner-secret", name: "Ann",
          type: .passenger))
      // Time moves on between the two, as it does on a device: the newer one is more recent.
      world.clock.advance(by: 0.25)
      dan = try await service.signUp(
        SignUpCredentials(
          identifier: "dan@example.com", password: "Dr1ver-secret-words", name: "Dan",
          type: .driver))
    }

    /// The account row of `session`'s user in `service.accounts()`.
    func account(_ session: UserSession) async throws -> Account {
      try #require(await service.accounts().first { $0.user.id == session.user.id })
    }

    /// Whether the server still honours `session`'s refresh token (its family is live).
    func isLive(_ session: UserSession) async throws -> Bool {
      try await world.sessionCode(session.accessToken) == nil
    }

    /// The refresh token's error code at the server: `nil` while it is live.
    func refreshRefusal(_ session: UserSession) async throws -> String? {
      try await world.refreshCode(try #require(session.refreshToken))
    }
  }

  @Test("a second sign-in adds an account: both live at the server, the new one active")
  func secondSignInAdds() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }

    let accounts = await two.service.accounts()
    #expect(accounts.map(\.identifier) == ["dan@example.com", "ann@example.com"])
    #expect(accounts.map(\.isActive) == [true, false])
    #expect(accounts.map(\.type) == [.driver, .passenger])
    #expect(try await two.isLive(two.ann))
    #expect(try await two.isLive(two.dan))
    #expect(await two.log.first(2) == [.signedIn(two.ann.user), .signedIn(two.dan.user)])
    // Each account has a file of its own; the record names Dan active.
    let store = FileSessionStore(directory: two.world.sessionFolder)
    let record = try store.loadRecord()
    #expect(record.active == AccountKey(two.dan))
    #expect(Set(record.lastActive.keys) == [AccountKey(two.ann), AccountKey(two.dan)])
    #expect(try store.store(for: AccountKey(two.ann)).load() == two.ann)
  }

  @Test("switching makes the other account current, with no sign-in and no request")
  func switchAccount() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }
    let requestsBefore = two.world.backend.requests.all.values.reduce(0, +)
    two.world.clock.advance(by: 0.25)

    let session = try await two.service.switchAccount(to: try await two.account(two.ann))

    #expect(session == two.ann)
    #expect(await two.service.currentSession == two.ann)
    #expect(two.world.backend.requests.all.values.reduce(0, +) == requestsBefore)
    #expect(await two.log.first(3).last == .switched(to: two.ann.user))
    #expect(await two.service.accounts().map(\.isActive) == [true, false])
    #expect(await two.service.accounts().first?.user == two.ann.user)
    let record = try FileSessionStore(directory: two.world.sessionFolder).loadRecord()
    #expect(record.active == AccountKey(two.ann))
    // Authorized calls go out as Ann now.
    let user = try await two.service.authorized { token throws(AuthFailure) in
      try await two.service.remote.currentUser(accessToken: token)
    }
    #expect(user.id == two.ann.user.id)
  }

  @Test("signing out the active account leaves the other live and makes it active")
  func signOutActive() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }

    #expect(await two.service.signOut() == .signedOut)

    #expect(try await two.refreshRefusal(two.dan) == "invalid_refresh_token")
    #expect(try await two.isLive(two.ann))
    #expect(await two.service.currentSession == two.ann)
    #expect(
      await two.log.first(4).suffix(2) == [
        .accountRemoved(two.dan.user, .userAction), .switched(to: two.ann.user),
      ])
    #expect(await two.service.accounts().map(\.identifier) == ["ann@example.com"])
  }

  @Test("signing out an inactive account revokes it and leaves the active one as it is")
  func signOutInactive() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }

    #expect(await two.service.signOut(account: try await two.account(two.ann)) == .signedOut)

    #expect(try await two.refreshRefusal(two.ann) == "invalid_refresh_token")
    #expect(try await two.isLive(two.dan))
    #expect(await two.service.currentSession == two.dan)
    #expect(await two.log.first(3).last == .accountRemoved(two.ann.user, .userAction))
    #expect(await two.service.accounts().map(\.identifier) == ["dan@example.com"])
    #expect(
      try FileSessionStore(directory: two.world.sessionFolder).store(for: AccountKey(two.ann))
        .load() == nil)
  }

  @Test("signing out all leaves no live token family and no account")
  func signOutAll() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }

    #expect(await two.service.signOutAll() == .signedOut)

    #expect(try await two.refreshRefusal(two.ann) == "invalid_refresh_token")
    #expect(try await two.refreshRefusal(two.dan) == "invalid_refresh_token")
    #expect(await two.service.accounts().isEmpty)
    #expect(await two.service.currentSession == nil)
    #expect(
      await two.log.first(4).suffix(2) == [
        .accountRemoved(two.ann.user, .userAction), .signedOut(.userAction),
      ])
    let record = try FileSessionStore(directory: two.world.sessionFolder).loadRecord()
    #expect(record.active == nil && record.lastActive.isEmpty)
  }

  @Test("signing in again as a kept account replaces its session, revokes the old copy")
  func sameUserAgain() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }
    two.world.clock.advance(by: 0.25)

    let outcome = try await two.service.signIn(
      identifier: "ann@example.com", password: "Tr4il-runner-secret")

    guard case .signedIn(let again) = outcome else {
      Issue.record("expected a session, got \(outcome)")
      return
    }
    #expect(try await two.refreshRefusal(two.ann) == "invalid_refresh_token")
    #expect(try await two.isLive(again))
    #expect(try await two.isLive(two.dan))
    #expect(
      await two.service.accounts().map(\.identifier) == ["ann@example.com", "dan@example.com"])
  }

  @Test("a new launch restores the active account and lists both")
  func relaunch() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }
    two.world.clock.advance(by: 0.25)
    _ = try await two.service.switchAccount(to: try await two.account(two.ann))

    let again = two.world.makeService()
    let outcome = await again.restoreSession()

    guard case .signedIn(let restored) = outcome else {
      Issue.record("expected the active account restored, got \(outcome)")
      return
    }
    #expect(restored.user.id == two.ann.user.id)
    #expect(await again.accounts().map(\.identifier) == ["ann@example.com", "dan@example.com"])
    let log = ChangeLog(again)
    guard case .initial(let user, let accounts)? = await log.initial() else {
      Issue.record("no first element")
      return
    }
    #expect(user?.id == two.ann.user.id)
    #expect(accounts.map(\.identifier) == ["ann@example.com", "dan@example.com"])
  }

  @Test("switching to an account not kept is refused and changes nothing")
  func switchUnknown() async throws {
    let two = try await TwoAccounts()
    defer { two.world.tearDown() }
    var stranger = try await two.account(two.ann)
    stranger.user.id = "usr_nobody"

    await #expect(throws: AuthFailure.refused(.unknownAccount)) {
      try await two.service.switchAccount(to: stranger)
    }
    #expect(await two.service.currentSession == two.dan)
  }
}

/// Issue 32, items 1 and 5: another process's switch reaches `sessionChanges()`.
@Suite("another process's switch reaches sessionChanges()")
struct SwitchAcrossProcessesTests {
  @Test("a switch in another process is reported within 1 second, here and in a listener")
  func switchElsewhere() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session())
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan, number: 2))
    let log = StoreWatchingTests.TimedLog(harness.service)
    _ = await log.after(0)
    let folder = harness.folder.url("Session")
    let listener = try await StoreWatchingTests.listeningProcess(on: folder)

    let written = try await StoreWatchingTests.otherProcess(
      "activate", Fixtures.ann.id, in: folder)
    let (elsewhere, latency) = await StoreWatchingTests.firstHeard(by: listener, since: written)
    let heard = await log.after(1)

    print("store-watch latency, account switch: \(Int(latency * 1000)) ms")
    #expect(elsewhere == ["heard", "switched", Fixtures.ann.id])
    #expect(latency < 1)
    #expect(heard.map(\.change) == [.switched(to: Fixtures.ann)])
    #expect(await harness.service.currentSession?.user.id == Fixtures.ann.id)
  }

  @Test("an inactive account signed out in another process is reported as removed")
  func removedElsewhere() async throws {
    let harness = try Harness { _ in .empty(500) }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session())
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan, number: 2))
    let log = StoreWatchingTests.TimedLog(harness.service)
    _ = await log.after(0)

    // Another process removes Ann's file and her key, as its `signOut(account:)` does.
    let store = FileSessionStore(directory: harness.folder.url("Session"))
    let key = AccountKey(Fixtures.session())
    try store.store(for: key).clear()
    try store.updateRecord { $0.lastActive[key] = nil }
    let heard = await log.after(1)

    #expect(heard.map(\.change) == [.accountRemoved(Fixtures.ann, .userAction)])
    #expect(await harness.service.currentSession?.user.id == Fixtures.dan.id)
    #expect(await harness.service.accounts().map(\.user.id) == [Fixtures.dan.id])
  }
}

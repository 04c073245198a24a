import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import TestSupport
import UserModel

/// Issue 32, items 1 and 4: a switch in the middle of another account's sign-out, or of a
/// request made with its token, never ends the account switched to.
@Suite("a switch in the middle of another account's work leaves the new one alone")
struct AccountRaceTests {
  /// Dan kept, Ann current, in a FileSessionStore; `held` requests wait at the gate.
  struct TwoKept {
    let harness: Harness
    let gate: Gate
    let dan = Fixtures.session(Fixtures.dan, number: 3)
    let ann = Fixtures.session()
    let log: ChangeLog

    init(holding held: String, answer: FakeAnswer) async throws {
      let gate = Gate()
      harness = try Harness { request in
        guard request.path == held else { return .empty(404) }
        await gate.wait()
        return answer
      }
      self.gate = gate
      try await harness.service.establishSession(dan)
      harness.clock.advance(by: 1)
      try await harness.service.establishSession(ann)
      log = ChangeLog(harness.service)
      _ = await log.initial()
    }

    /// Waits until the held request reached the server.
    func waitForHeld(_ path: String) async throws {
      let deadline = Date() + 60
      while !harness.transport.paths.contains(path), Date() < deadline {
        try await Task.sleep(for: .milliseconds(2))
      }
      try #require(harness.transport.paths.contains(path))
    }

    /// Switches to Dan from the service's own list.
    func switchToDan() async throws {
      let account = try #require(
        await harness.service.accounts().first { $0.user.id == Fixtures.dan.id })
      _ = try await harness.service.switchAccount(to: account)
    }

    var danStored: UserSession? {
      try? FileSessionStore(directory: harness.folder.url("Session"))
        .store(for: AccountKey(dan)).load()
    }
  }

  @Test("Ann's sign-out, Dan switched to meanwhile: Ann goes, Dan stays current and stored")
  func switchDuringSignOut() async throws {
    let world = try await TwoKept(holding: "/v1/auth/sign-out", answer: .empty(204))
    defer { world.harness.folder.remove() }
    let service = world.harness.service
    let signingOut = Task { await service.signOut() }
    try await world.waitForHeld("/v1/auth/sign-out")

    try await world.switchToDan()
    await world.gate.open()
    let outcome = await signingOut.value

    #expect(outcome == .signedOut)
    #expect(await service.currentSession == world.dan)
    #expect(world.danStored == world.dan)
    #expect(await service.accounts().map(\.user.id) == [Fixtures.dan.id])
    #expect(
      await world.log.first(2) == [
        .switched(to: Fixtures.dan), .accountRemoved(Fixtures.ann, .userAction),
      ])
  }

  @Test("a request of Ann's refused after the switch to Dan: Dan's session is not ended")
  func refusalAfterSwitch() async throws {
    let world = try await TwoKept(holding: "/v1/users/me", answer: .error(401, "invalid_token"))
    defer { world.harness.folder.remove() }
    let client = world.harness.service.network
    let request = Task { () -> Result<NetworkResponse, NetworkError> in
      do throws(NetworkError) {
        return .success(
          try await client.response(
            for: Endpoint(.get, "/v1/users/me", requiresAuthorization: true)))
      } catch {
        return .failure(error)
      }
    }
    try await world.waitForHeld("/v1/users/me")

    try await world.switchToDan()
    await world.gate.open()
    let result = await request.value

    guard case .failure = result else {
      Issue.record("Ann's refused request succeeded: \(result)")
      return
    }
    // The refusal was of Ann's token: Dan stays current, stored, and nobody hears an end.
    #expect(await world.harness.service.currentSession == world.dan)
    #expect(world.danStored == world.dan)
    try await Task.sleep(for: .milliseconds(200))
    let heard = await world.log.first(1)
    #expect(heard == [.switched(to: Fixtures.dan)])
    // Every request carried Ann's token: none went out again with Dan's.
    #expect(
      world.harness.transport.requests.filter { $0.path == "/v1/users/me" }
        .allSatisfy { $0.authorization == "Bearer access-1" })
  }

  @Test("a launch check of Ann answered after a switch to Dan changes nothing of Dan's")
  func launchCheckAfterSwitch() async throws {
    let gate = Gate()
    let harness = try Harness { request in
      guard request.path == "/v1/auth/session" else { return .empty(404) }
      await gate.wait()
      // The server names another user for Ann's token (an account changed under it).
      return .json(
        200, #"{"user": \#(Fixtures.json(Fixtures.dan)), "expiresAt": "2027-01-15T08:15:00Z"}"#)
    }
    defer { harness.folder.remove() }
    let dan = Fixtures.session(Fixtures.dan, number: 3)
    try await harness.service.establishSession(dan)
    harness.clock.advance(by: 1)
    try await harness.service.establishSession(Fixtures.session())
    let again = harness.service
    let check = Task { await again.restoreSession() }
    while !harness.transport.paths.contains("/v1/auth/session") {
      try await Task.sleep(for: .milliseconds(2))
    }
    let account = try #require(await again.accounts().first { $0.user.id == Fixtures.dan.id })
    _ = try await again.switchAccount(to: account)
    await gate.open()

    #expect(await check.value == .signedIn(dan))
    #expect(await again.currentSession == dan)
    #expect(try harness.store.load() == dan)
    #expect(!harness.transport.paths.contains("/v1/auth/sign-out"))
  }

  @Test("with a store of one account, signing out a stale row of another account changes nothing")
  func staleRowOneAccount() async throws {
    let harness = try Harness(store: { _ in InMemorySessionStore() }) { _ in .empty(204) }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan, number: 3))
    let stale = Account(user: Fixtures.ann, lastActive: nil, isActive: false)

    #expect(await harness.service.signOut(account: stale) == .signedOut)

    #expect(harness.transport.paths.isEmpty)
    #expect(await harness.service.currentSession?.user.id == Fixtures.dan.id)
  }
}

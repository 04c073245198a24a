import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import TestSupport
import UserModel

/// Issue 32, item 4: a renewal that finishes after its session was signed out, replaced or
/// switched away from, here or in another process, writes nothing over the session that took
/// its place and reports nothing.
@Suite("a renewal finishing after its session changed writes and reports nothing")
struct LateWriteTests {
  /// What the server issues for the held refresh: a good answer, which a late write would
  /// store.
  static let renewed = Fixtures.session(number: 2, from: Fixtures.start + 20)

  /// A signed-in service renewing Ann's session, its refresh held at the server until the
  /// gate opens; then the refresh succeeds. With `danKept`, Dan signed in before Ann, so
  /// two accounts are kept and Ann is active.
  struct InFlight {
    let harness: Harness
    let gate: Gate
    let log: StoreWatchingTests.TimedLog
    let renewing: Task<Result<String, AuthFailure>, Never>
    let dan: UserSession

    init(danKept: Bool = false) async throws {
      let gate = Gate()
      let harness = try Harness { request in
        guard request.path == "/v1/auth/refresh" else { return .empty(404) }
        await gate.wait()
        return .json(200, Fixtures.json(LateWriteTests.renewed))
      }
      dan = Fixtures.session(Fixtures.dan, number: 3, accessLife: 3_600)
      if danKept { try await harness.service.establishSession(dan) }
      try await harness.service.establishSession(Fixtures.session(accessLife: 30))
      harness.clock.advance(by: 20)
      let log = StoreWatchingTests.TimedLog(harness.service)
      _ = await log.after(0)
      let service = harness.service
      renewing = Task { () async -> Result<String, AuthFailure> in
        do throws(AuthFailure) {
          return .success(try await service.authorized { token throws(AuthFailure) in token })
        } catch {
          return .failure(error)
        }
      }
      let deadline = Date() + 30
      while !harness.transport.paths.contains("/v1/auth/refresh"), Date() < deadline {
        try await Task.sleep(for: .milliseconds(2))
      }
      (self.harness, self.gate, self.log) = (harness, gate, log)
    }

    /// Lets the refresh answer; returns the renewal's result once every report it may
    /// cause had time to arrive.
    func finish() async throws -> Result<String, AuthFailure> {
      await gate.open()
      let result = await renewing.value
      try await Task.sleep(for: .milliseconds(300))
      return result
    }

    /// The changes heard after the first.
    var heard: [SessionChange] { Array(log.heard.value.dropFirst().map(\.change)) }

    /// The folder's store, read afresh.
    var store: FileSessionStore { FileSessionStore(directory: harness.folder.url("Session")) }

    /// Ann's own stored session.
    func annStored() throws -> UserSession? {
      try store.store(for: AccountKey(Fixtures.session())).load()
    }
  }

  @Test("signed out here meanwhile: nothing stored again, nothing more reported")
  func signOutHere() async throws {
    let flight = try await InFlight()
    defer { flight.harness.folder.remove() }
    await flight.harness.service.endSession(.userAction)

    let result = try await flight.finish()

    #expect(result == .failure(.refused(.sessionEnded)))
    #expect(try flight.store.load() == nil)
    #expect(try flight.annStored() == nil)
    #expect(flight.heard == [.signedOut(.userAction)])
    #expect(await flight.harness.service.currentSession == nil)
  }

  @Test("switched to another account meanwhile: that one stays current and untouched")
  func switchedHere() async throws {
    let flight = try await InFlight(danKept: true)
    defer { flight.harness.folder.remove() }
    let service = flight.harness.service
    let dan = try #require(await service.accounts().first { $0.user.id == Fixtures.dan.id })
    _ = try await service.switchAccount(to: dan)

    let result = try await flight.finish()

    // The request was Ann's: it is not answered with Dan's token, and Dan's session stays.
    #expect(result == .failure(.refused(.notSignedIn)))
    #expect(await service.currentSession == flight.dan)
    #expect(try flight.store.load() == flight.dan)
    #expect(try flight.store.loadRecord().active == AccountKey(flight.dan))
    #expect(flight.heard == [.switched(to: Fixtures.dan)])
    // Ann's refresh token was spent at the server: her own file keeps the new pair, so
    // switching back renews with a live token rather than a spent one.
    #expect(try flight.annStored() == Self.renewed)
  }

  @Test("another user signed in here meanwhile: that session stays current, untouched")
  func otherUserHere() async throws {
    let flight = try await InFlight()
    defer { flight.harness.folder.remove() }
    let dan = Fixtures.session(Fixtures.dan, number: 4)
    try await flight.harness.service.establishSession(dan)

    let result = try await flight.finish()

    #expect(result == .failure(.refused(.notSignedIn)))
    #expect(try flight.store.load() == dan)
    #expect(flight.heard == [.signedIn(Fixtures.dan)])
    #expect(await flight.harness.service.currentSession == dan)
  }

  @Test("signed out by another process before the renewal: no refresh, nothing written")
  func signOutElsewhereFirst() async throws {
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh"
        ? .json(200, Fixtures.json(LateWriteTests.renewed)) : .empty(404)
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(accessLife: 30))
    harness.clock.advance(by: 20)
    // No listener: nothing here has heard of the sign-out when the renewal takes the lock.
    _ = try await StoreWatchingTests.otherProcess("sign-out", in: harness.folder.url("Session"))

    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await harness.service.authorized { token throws(AuthFailure) in token }
    }
    #expect(!harness.transport.paths.contains("/v1/auth/refresh"))
    #expect(try harness.store.load() == nil)
    #expect(await harness.service.currentSession == nil)
  }

  @Test("another process's sign-out is reported once, by whichever of renewal and watch is first")
  func signOutElsewhereReportedOnce() async throws {
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh"
        ? .json(200, Fixtures.json(LateWriteTests.renewed)) : .empty(404)
    }
    defer { harness.folder.remove() }
    try await harness.service.establishSession(Fixtures.session(accessLife: 30))
    harness.clock.advance(by: 20)
    let log = StoreWatchingTests.TimedLog(harness.service)
    _ = await log.after(0)
    _ = try await StoreWatchingTests.otherProcess("sign-out", in: harness.folder.url("Session"))

    _ = try? await harness.service.authorized { token throws(AuthFailure) in token }
    _ = await log.after(1)
    try await Task.sleep(for: .milliseconds(500))

    #expect(log.heard.value.dropFirst().map(\.change) == [.signedOut(.userAction)])
    #expect(!harness.transport.paths.contains("/v1/auth/refresh"))
  }

  @Test("an account made active by another process: its renewal here writes only its own")
  func otherUserElsewhere() async throws {
    let flight = try await InFlight()
    defer { flight.harness.folder.remove() }
    _ = try await StoreWatchingTests.otherProcess(
      "switch", in: flight.harness.folder.url("Session"))
    let other = try flight.store.load()

    _ = try await flight.finish()
    _ = await flight.log.after(1)

    #expect(other?.user.id == "usr_other")
    // The other process's account stays active and stored as it wrote it.
    #expect(try flight.store.load() == other)
    #expect(flight.heard.last == .switched(to: try #require(other).user))
    #expect(!flight.heard.contains(.signedIn(Fixtures.ann)))
    #expect(await flight.harness.service.currentSession?.user.id == "usr_other")
    // Ann's refresh token was spent before the other sign-in was heard of: her file keeps
    // the pair it bought, as her account is still kept.
    #expect(try flight.annStored() == Self.renewed)
  }

  @Test("a launch check refused after another process signed the account in again takes that")
  func launchCheckAfterSignInElsewhere() async throws {
    let gate = Gate()
    let harness = try Harness { request in
      guard request.path == "/v1/auth/session" else { return .empty(404) }
      // The other process's new copy is good; the old one is refused once the gate opens.
      if request.authorization == "Bearer access-1-renewed" {
        return .json(
          200, #"{"user": \#(Fixtures.json(Fixtures.ann)), "expiresAt": "2027-01-15T08:15:00Z"}"#)
      }
      await gate.wait()
      return .error(401, "invalid_token")
    }
    defer { harness.folder.remove() }
    try harness.store.save(Fixtures.session())
    let log = ChangeLog(harness.service)
    let service = harness.service
    let check = Task { await service.restoreSession() }
    let deadline = Date() + 30
    while !harness.transport.paths.contains("/v1/auth/session"), Date() < deadline {
      try await Task.sleep(for: .milliseconds(2))
    }
    // Another process signs the same account in again (new tokens) while the check waits.
    _ = try await StoreWatchingTests.otherProcess("renew", in: harness.folder.url("Session"))
    let newer = try #require(try harness.store.load())

    await gate.open()
    let outcome = await check.value

    // The refusal was of the old copy: the newer one is kept, checked with the server,
    // current and reported signed in.
    #expect(outcome == .signedIn(newer))
    #expect(harness.transport.requests.map(\.authorization) == [
      "Bearer access-1", "Bearer access-1-renewed",
    ])
    #expect(try harness.store.load() == newer)
    #expect(await service.currentSession == newer)
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
  }
}

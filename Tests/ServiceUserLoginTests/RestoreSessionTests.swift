import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// A session stored "at an earlier launch" is written before the listener starts: written
/// after, it is a sign-in by another process, which the service rightly reports as one.
@Suite("ServiceUserLogin restores the stored session at launch")
struct RestoreSessionTests {
  static let checkAnswer = FakeAnswer.json(
    200, #"{"user": \#(Fixtures.json(Fixtures.ann)), "expiresAt": "2027-01-15T08:15:00Z"}"#)

  @Test("no stored session: not signed in, and the server is not asked")
  func nothingStored() async throws {
    let harness = try Harness { _ in Self.checkAnswer }
    defer { harness.folder.remove() }
    #expect(await harness.service.restoreSession() == .notSignedIn)
    #expect(harness.transport.paths.isEmpty)
  }

  @Test("an unreadable store is reported, left byte for byte, and not taken for a sign-out")
  func unreadableStore() async throws {
    let harness = try Harness { _ in Self.checkAnswer }
    defer { harness.folder.remove() }
    let log = ChangeLog(harness.service)
    let file = harness.folder.url("Session/session.plist")
    try FileManager.default.createDirectory(
      at: harness.folder.url("Session"), withIntermediateDirectories: true)
    let garbage = Data((0..<200).map { UInt8($0) })
    try garbage.write(to: file)
    let outcome = await harness.service.restoreSession()
    // The store's failure itself, with its detail: not a sentence that lost it.
    guard case .unavailable(.unavailable(.sessionUnreadable(let detail))) = outcome else {
      Issue.record("not reported as unreadable: \(outcome)")
      return
    }
    #expect(!detail.isEmpty)
    #expect(await harness.service.signOut() == .signedOut)
    #expect(await harness.service.restoreSession() == outcome)
    #expect(try Data(contentsOf: file) == garbage)
    #expect(harness.transport.paths.isEmpty)
    try await harness.service.establishSession(Fixtures.session())
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
  }

  @Test("a session whose refresh token expired is cleared without asking the server")
  func expiredLocally() async throws {
    let harness = try Harness { _ in Self.checkAnswer }
    defer { harness.folder.remove() }
    try harness.store.save(Fixtures.session(refreshLife: 60, from: Fixtures.start - 61))
    let log = ChangeLog(harness.service)
    #expect(await harness.service.restoreSession() == .expired)
    #expect(try harness.store.load() == nil)
    #expect(harness.transport.paths.isEmpty)
    try await harness.service.establishSession(Fixtures.session(Fixtures.dan))
    #expect(await log.first(1) == [.signedIn(Fixtures.dan)])
  }

  @Test("a valid session is checked with the server, takes its user, and is announced")
  func validatedSession() async throws {
    let harness = try Harness { _ in Self.checkAnswer }
    defer { harness.folder.remove() }
    let stale = User(
      id: "usr_ann", identifier: "ann@example.com", email: "ann@example.com", name: "Old",
      type: .passenger)
    try harness.store.save(Fixtures.session(stale))
    let log = ChangeLog(harness.service)
    #expect(await harness.service.restoreSession() == .signedIn(Fixtures.session()))
    #expect(harness.transport.requests.map(\.path) == ["/v1/auth/session"])
    #expect(harness.transport.requests.first?.authorization == "Bearer access-1")
    #expect(try harness.store.load() == Fixtures.session())
    #expect(await harness.service.lastSignedInIdentifier() == "ann@example.com")
    #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
  }

  @Test("an access token about to expire is renewed before the check")
  func renewedDuringRestore() async throws {
    let renewed = Fixtures.session(number: 2)
    let harness = try Harness { request in
      request.path == "/v1/auth/refresh" ? .json(200, Fixtures.json(renewed)) : Self.checkAnswer
    }
    defer { harness.folder.remove() }
    try harness.store.save(Fixtures.session(accessLife: -5))
    #expect(await harness.service.restoreSession() == .signedIn(renewed))
    #expect(harness.transport.paths == ["/v1/auth/refresh", "/v1/auth/session"])
    #expect(harness.transport.requests.last?.authorization == "Bearer access-2")
    #expect(try harness.store.load() == renewed)
  }

  @Test("offline or failing server: the stored session is kept, used and announced")
  func offlineKeepsSession() async throws {
    for answer in [FakeAnswer.failure(.transport(.offline)), .error(503, "unavailable")] {
      let harness = try Harness { _ in answer }
      defer { harness.folder.remove() }
      try harness.store.save(Fixtures.session())
      let log = ChangeLog(harness.service)
      let outcome = await harness.service.restoreSession()
      if case .failure = answer {
        #expect(outcome == .offline(Fixtures.session()))
      } else {
        // The server answered: not offline, and the failure says what it answered.
        guard case .unverified(let kept, let failure) = outcome else {
          Issue.record("expected .unverified, got \(outcome)")
          continue
        }
        #expect(kept == Fixtures.session())
        #expect(failure.code != "offline")
      }
      #expect(await harness.service.currentSession == Fixtures.session())
      #expect(try harness.store.load() == Fixtures.session())
      #expect(await log.first(1) == [.signedIn(Fixtures.ann)])
    }
  }

  @Test("a session the server refuses is cleared, and listeners hear nothing of it")
  func refusedByServer() async throws {
    // The second is reached through a refresh: that access token is about to expire.
    let cases: [(FakeAnswer, TimeInterval, [String])] = [
      (.error(401, "invalid_token"), 900, ["/v1/auth/session"]),
      (.error(401, "invalid_refresh_token"), 30, ["/v1/auth/refresh"]),
    ]
    for (answer, accessLife, paths) in cases {
      let harness = try Harness { _ in answer }
      defer { harness.folder.remove() }
      try harness.store.save(Fixtures.session(accessLife: accessLife))
      let log = ChangeLog(harness.service)
      #expect(await harness.service.restoreSession() == .expired)
      #expect(harness.transport.paths == paths)
      #expect(await harness.service.currentSession == nil)
      #expect(try harness.store.load() == nil)
      try await harness.service.establishSession(Fixtures.session(Fixtures.dan))
      #expect(await log.first(1) == [.signedIn(Fixtures.dan)])
    }
  }
}

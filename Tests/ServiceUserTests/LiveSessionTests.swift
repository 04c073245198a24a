import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import Testing
import UserModel

/// End to end: the session's life (renewal, revocation, storage) against KooberBackend.
@Suite("ServiceUser sessions against KooberBackend")
struct LiveSessionTests {
  static let password = "Tr4il-runner-secret"
  static let form = SignUpCredentials(
    identifier: "ann@example.com", password: password, name: "Ann", type: .passenger)

  @Test("a token revoked on the server ends the session at the next authorized call")
  func revokedOnServer() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    let service = live.makeService()
    let log = ChangeLog(service)
    let session = try await service.signUp(Self.form)
    #expect(try await live.rawPost("v1/auth/sign-out", bearer: session.accessToken) == 204)
    #expect(await service.currentSession == session)

    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await service.updateName("Annie")
    }
    #expect(await log.first(2) == [.signedIn(session.user), .signedOut(.revoked)])
    #expect(await service.currentSession == nil)
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() == nil)
    #expect(live.refreshCount == 0)
  }

  @Test("with 2-second access tokens, calls keep working across expiry")
  func shortTokensRenewTransparently() async throws {
    let live = try LiveHarness(accessLifetime: 2)
    defer { live.tearDown() }
    let service = live.makeService()
    let first = try await service.signUp(Self.form)
    var names: [String] = []
    for round in 1...3 {
      live.serverClock.advance(by: 3)
      names.append(try await service.updateName("Ann \(round)").name ?? "")
    }
    #expect(names == ["Ann 1", "Ann 2", "Ann 3"])
    #expect(live.refreshCount == 3)
    let current = try #require(await service.currentSession)
    #expect(current.accessToken != first.accessToken && current.refreshToken != first.refreshToken)
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() == current)
  }

  @Test("when only the server sees the expiry, token_expired renews and the call is retried")
  func serverSideExpiryRenews() async throws {
    let live = try LiveHarness(accessLifetime: 2, sharedClock: false)
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(Self.form)
    live.serverClock.advance(by: 3)
    #expect(try await service.updateName("Annie").name == "Annie")
    #expect(live.refreshCount == 1)
    #expect(live.backend.requests.count("PATCH", "/v1/users/me") == 2)
  }

  @Test(
    "20 concurrent authorized calls at the moment of expiry make exactly one refresh",
    arguments: [true, false])
  func twentyCallsOneRefresh(clientSeesExpiry: Bool) async throws {
    let live = try LiveHarness(accessLifetime: 2, sharedClock: clientSeesExpiry)
    defer { live.tearDown() }
    let service = live.makeService()
    _ = try await service.signUp(Self.form)
    live.serverClock.advance(by: 2)
    let names = try await withThrowingTaskGroup(of: String?.self) { group in
      for index in 0..<20 {
        group.addTask { try await service.updateName("Ann \(index)").name }
      }
      return try await group.reduce(into: Set<String?>()) { $0.insert($1) }
    }
    #expect(names.count == 20)
    #expect(live.refreshCount == 1)
    #expect(await service.currentSession != nil)
  }

  @Test("a spent refresh token presented again revokes the family: both holders sign out")
  func reusedRefreshTokenRevokesFamily() async throws {
    let live = try LiveHarness(accessLifetime: 2)
    defer { live.tearDown() }
    let original = live.makeService("phone")
    let log = ChangeLog(original)
    let session = try await original.signUp(Self.form)
    // Another device ends up with a copy of the session, spent refresh token and all.
    let copy = try Data(contentsOf: live.sessionFile("phone"))

    live.serverClock.advance(by: 3)
    _ = try await original.updateName("Ann 2")
    #expect(live.refreshCount == 1)

    try FileManager.default.createDirectory(
      at: live.sessionFolder("tablet"), withIntermediateDirectories: true)
    try copy.write(to: live.sessionFile("tablet"))
    let tablet = live.makeService("tablet")
    // Past the server's 30-second window, in which the spent token would get the same pair.
    live.serverClock.advance(by: 31)
    #expect(await tablet.restoreSession() == .expired)
    #expect(live.refreshCount == 2)
    #expect(try FileSessionStore(directory: live.sessionFolder("tablet")).load() == nil)

    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await original.updateName("Ann 3")
    }
    #expect(await log.first(2) == [.signedIn(session.user), .signedOut(.revoked)])
    #expect(try FileSessionStore(directory: live.sessionFolder("phone")).load() == nil)
  }

  @Test("a corrupt session file is reported at launch and kept; the file is 0600")
  func corruptFileKept() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    _ = try await live.makeService().signUp(Self.form)
    let file = live.sessionFile()
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: live.sessionFolder().path)
    #expect((folderAttributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)

    var damaged = try Data(contentsOf: file)
    damaged.replaceSubrange(8..<40, with: Data(repeating: 0xFF, count: 32))
    try damaged.write(to: file)
    let relaunched = live.makeService()
    guard case .unavailable(let failure) = await relaunched.restoreSession() else {
      Issue.record("a damaged session file was not reported as unavailable")
      return
    }
    guard case .unavailable(.sessionUnreadable(let detail)) = failure else {
      Issue.record("not .sessionUnreadable: \(failure)")
      return
    }
    #expect(!detail.isEmpty)
    #expect(failure.message.contains("left in place"))
    #expect(try Data(contentsOf: file) == damaged)
    #expect(live.backend.requests.count("GET", "/v1/auth/session") == 0)
    #expect(await relaunched.currentSession == nil)
  }
}

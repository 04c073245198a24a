import Foundation
import LoginCore
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// Processes sharing one session (two `koober status` runs, an app and its extension) renew
/// it once: the store's lock, and the store read again inside it.
@Suite("Renewal shared across processes")
struct SharedRenewalTests {
  @Test("8 services over one session file and an expired token: one refresh, all served")
  func oneRefresh() async throws {
    let live = try LiveHarness(accessLifetime: 60)
    defer { live.tearDown() }
    let first = live.makeService()
    _ = try await first.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: "Tr4il-runner-secret", name: nil,
        type: .passenger))
    live.serverClock.advance(by: 120)
    // Eight independent services (as eight processes would), one session file, all checking
    // the expired session at once.
    let services = (0..<8).map { _ in live.makeService() }
    let outcomes = await withTaskGroup(of: RestoreOutcome.self) { group in
      for service in services { group.addTask { await service.restoreSession() } }
      return await group.reduce(into: [RestoreOutcome]()) { $0.append($1) }
    }
    let restored = outcomes.compactMap { outcome -> UserSession? in
      guard case .signedIn(let session) = outcome else { return nil }
      return session
    }
    #expect(restored.count == 8, "\(outcomes)")
    #expect(Set(restored.map(\.accessToken)).count == 1)
    #expect(live.refreshCount == 1)
    #expect(try FileSessionStore(directory: live.sessionFolder()).load() != nil)
  }
}

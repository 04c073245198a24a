import Foundation
import LoginCore
import LoopbackServer
import ServiceUser
import ServiceUserLogin
import Testing
import WireFormat

/// Issue 23, finding 1, for Koober's API: a `302` from the session check sends the Bearer
/// token nowhere else, over the default transport.
@Suite("Koober's API: a redirect takes no credential anywhere")
struct KooberRedirectTests {
  @Test("a 302 from the session check: the other origin receives nothing, the session kept")
  func sessionCheckRedirect() async throws {
    let other = try LoopbackServer()
    defer { other.stop() }
    let reached = Locked([String?]())
    other.route(.get, "/steal") { request in
      reached.withLock { $0.append(request.header("Authorization")) }
      return .json(raw: "{}")
    }
    let harness = try ScriptedHarness()
    defer { harness.tearDown() }
    let session = try await harness.signedIn()
    harness.server.answer(
      .get, "/v1/auth/session",
      HTTPResponse(status: 302).withHeader(
        "Location", other.baseURL.appendingPathComponent("steal").absoluteString))
    let outcome = await harness.restarted().restoreSession()
    guard case .unverified(let kept, let failure) = outcome else {
      Issue.record("expected .unverified, got \(outcome)")
      return
    }
    #expect(kept == session)
    #expect(failure.code == "unexpected_answer")
    #expect(reached.withLock { $0 }.isEmpty)
  }
}

import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserOIDC
import ServiceUserTestSupport
import Testing
import UserModel

/// The two adapters a ServiceUser runs over here.
enum SessionAdapter: String, CaseIterable, Sendable, CustomStringConvertible {
  case koober
  case oidc

  var description: String { rawValue }

  /// A world over this adapter, its session stored, nothing restored.
  func world() throws -> TroubleWorld {
    switch self {
    case .koober: try TroubleWorld.koober()
    case .oidc: try Self.oidcWorld()
    }
  }

  private static func oidcWorld() throws -> TroubleWorld {
    let issuer = Fixtures.issuer
    return try TroubleWorld(user: Fixtures.ann, refreshPath: "/token") { path in
      switch path {
      case "/.well-known/openid-configuration":
        (
          200,
          #"{"issuer": "\#(issuer)", "token_endpoint": "\#(issuer)/token", "#
            + #""userinfo_endpoint": "\#(issuer)/userinfo"}"#
        )
      case "/userinfo":
        (200, #"{"sub": "usr_ann", "email": "ann@example.com", "name": "Ann"}"#)
      default: (404, "{}")
      }
    } makeRemote: { transport, now in
      let configuration = try OIDCConfiguration(
        issuer: try url(issuer), clientID: "koober-public",
        defaultUserType: Fixtures.ann.type)
      return OIDCAuthAPI(configuration: configuration, transport: transport, now: now)
    }
  }
}

/// Issue 32: only an answer from the server ends a session. A server that cannot be reached,
/// a timeout, a request cancelled in flight, a 503, a 502 page from a proxy: for Koober's API
/// and an OIDC provider alike, the launch check, a renewal and an authorized request of the
/// app's client keep the stored session, and listeners hear no sign-out.
@Suite("Offline keeps the session, for every adapter")
struct OfflineKeepsSessionTests {
  @Test(
    "the launch check keeps the stored session and says it is not verified",
    arguments: SessionAdapter.allCases, ServerTrouble.allCases)
  func launchCheck(adapter: SessionAdapter, trouble: ServerTrouble) async throws {
    let world = try adapter.world()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    world.transport.trouble = trouble

    let outcome = await run(trouble, on: world) { await world.service.restoreSession() }

    switch (trouble, outcome) {
    case (.unreachable, .offline(let session)), (.timeout, .offline(let session)):
      #expect(session == world.stored)
    case (.cancelled, .unverified(let session, let failure)):
      #expect(session == world.stored)
      #expect(failure == .refused(.signInCancelled))
    case (.unavailable503, .unverified(let session, let failure)),
      (.badGateway502, .unverified(let session, let failure)):
      #expect(session == world.stored)
      #expect(status(of: failure) == (trouble == .unavailable503 ? 503 : 502), "\(failure)")
    default:
      Issue.record("\(adapter), \(trouble): \(outcome)")
    }
    #expect(!world.transport.pathsInTrouble.isEmpty)
    // The session was kept and announced as current, never as ended.
    #expect(await log.first(1) == [.signedIn(world.stored.user)])
    try await expectKept(world, log)
  }

  @Test(
    "a renewal through authorized(_:) keeps the session and throws the renewal's failure",
    arguments: SessionAdapter.allCases, ServerTrouble.allCases)
  func renewal(adapter: SessionAdapter, trouble: ServerTrouble) async throws {
    let (world, log) = try await restoredThenExpiring(adapter, trouble)
    defer { world.folder.remove() }
    let remote = world.service.remote

    let failure = await run(trouble, on: world) { () async -> AuthFailure? in
      do throws(AuthFailure) {
        _ = try await world.service.authorized { token throws(AuthFailure) in
          try await remote.currentUser(accessToken: token)
        }
        return nil
      } catch {
        return error
      }
    }

    switch trouble {
    case .unreachable: #expect(failure == .unavailable(.offline))
    case .timeout: #expect(failure == .unavailable(.timeout))
    case .cancelled: #expect(failure == .refused(.signInCancelled))
    case .unavailable503: #expect(status(of: failure) == 503, "\(String(describing: failure))")
    case .badGateway502: #expect(status(of: failure) == 502, "\(String(describing: failure))")
    }
    // A refresh without an answer is sent once more (SessionState+Renewal.swift); one with
    // an answer, or a cancelled one, is not.
    #expect(world.refreshesInTrouble == (trouble.answerLost ? 2 : 1))
    #expect(world.transport.pathsInTrouble.allSatisfy { $0 == world.refreshPath })
    try await expectKept(world, log)
  }

  @Test(
    "an authorized request of service.network keeps the session, token expiring or not",
    arguments: SessionAdapter.allCases, ServerTrouble.allCases)
  func networkRequest(adapter: SessionAdapter, trouble: ServerTrouble) async throws {
    for expiring in [false, true] {
      let (world, log) = try await restoredThenExpiring(adapter, trouble, expiring: expiring)
      defer { world.folder.remove() }
      let endpoint = Endpoint(.get, "/api/rides", requiresAuthorization: true)

      let error = await run(trouble, on: world) { () async -> NetworkError? in
        do throws(NetworkError) {
          _ = try await world.service.network.response(for: endpoint)
          return nil
        } catch {
          return error
        }
      }

      let kind = try #require(error, "\(adapter) \(trouble) expiring: \(expiring)").kind
      switch trouble {
      case .unreachable: #expect(kind == .noConnection)
      case .timeout: #expect(kind == .timeout)
      case .cancelled: #expect(kind == .cancelled)
      case .unavailable503:
        #expect(kind == (expiring ? .unreadableAnswer : .serverFailure(status: 503)))
      case .badGateway502:
        #expect(kind == (expiring ? .unreadableAnswer : .serverFailure(status: 502)))
      }
      // Expiring: the renewal failed and the app's request was never sent. Not expiring:
      // no renewal, the app's request failed.
      let sent = world.transport.pathsInTrouble
      if expiring {
        #expect(world.refreshesInTrouble == (trouble.answerLost ? 2 : 1))
        #expect(!sent.contains("/api/rides"))
      } else {
        #expect(sent == ["/api/rides"])
      }
      try await expectKept(world, log)
    }
  }

  // MARK: - Helpers

  /// The world over `adapter`, its session restored with good answers, then `trouble` set
  /// and (when `expiring`) the clock moved inside the renewal margin of the access token.
  private func restoredThenExpiring(
    _ adapter: SessionAdapter, _ trouble: ServerTrouble, expiring: Bool = true
  ) async throws -> (TroubleWorld, ChangeLog) {
    let world = try adapter.world()
    let log = ChangeLog(world.service)
    #expect(await world.service.restoreSession() == .signedIn(world.stored))
    #expect(await log.first(1) == [.signedIn(world.stored.user)])
    // 30 s before the access token expires: inside the 60 s margin, still valid.
    if expiring { world.clock.advance(by: 870) }
    world.transport.trouble = trouble
    return (world, log)
  }

  /// Runs `operation` in a task; for `.cancelled`, cancels that task while the transport
  /// holds its request, then lets the request fail as cancelled.
  private func run<Value: Sendable>(
    _ trouble: ServerTrouble, on world: TroubleWorld,
    _ operation: @escaping @Sendable () async -> Value
  ) async -> Value {
    let task = Task { await operation() }
    if trouble == .cancelled {
      await world.transport.held.wait()
      task.cancel()
      await world.transport.release.open()
    }
    return await task.value
  }

  /// The session is still the stored one, in memory and on disk, and listeners heard
  /// nothing after the restore's `.signedIn` (a late `.signedOut` is waited for a moment).
  private func expectKept(_ world: TroubleWorld, _ log: ChangeLog) async throws {
    #expect(await world.service.currentSession == world.stored)
    #expect(try world.store.load() == world.stored)
    try await Task.sleep(for: .milliseconds(100))
    let heard = await log.first(1)
    #expect(heard == [.signedIn(world.stored.user)])
    #expect(!TroubleWorld.anySignedOut(heard))
    // A listener arriving now is told the same person is signed in.
    // The same person is signed in, and is the one account kept, the active one.
    guard case .initial(let user, let accounts)? = await ChangeLog(world.service).initial() else {
      Issue.record("no first element")
      return
    }
    #expect(user == world.stored.user)
    #expect(accounts.map(\.user) == [world.stored.user])
    #expect(accounts.map(\.isActive) == [true])
  }

  private func status(of failure: AuthFailure?) -> Int? {
    guard case .unavailable(.unexpectedAnswer(let status, _)) = failure else { return nil }
    return status
  }
}

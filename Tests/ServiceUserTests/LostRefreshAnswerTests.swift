import Foundation
import KooberBackend
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import TestSupport
import Testing
import UserModel

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Issue 32: a refresh that reaches the server, which rotates, and whose answer is lost on the
/// way back. ServiceUser sends it once more with the same refresh token; the reference
/// backend's window gives the same pair again. A proxy between them loses the answers.
@Suite("A renewal survives a lost answer")
struct LostRefreshAnswerTests {
  @Test("the answer lost once: sent again with the same token, same pair, the session lives")
  func lostOnceRetriedOnce() async throws {
    let world = try ProxiedBackend(window: 2)
    defer { world.tearDown() }
    let (service, log, first) = try await world.signedUpThenExpired(losingAnswers: 1)

    #expect(try await service.updateName("Ann 2").name == "Ann 2")
    #expect(world.proxy.dropped == 1)
    // The lost one and the one retry: nothing more.
    #expect(world.refreshCount == 2)
    let renewed = try #require(await service.currentSession)
    #expect(renewed.refreshToken != first.refreshToken)
    #expect(renewed.accessToken != first.accessToken)
    #expect(try FileSessionStore(directory: world.sessionFolder).load() == renewed)
    // One family, and it lives: the first access token only expired (a revoked family
    // answers invalid_token), and the new refresh token renews again after the window.
    #expect(try await world.sessionCode(first.accessToken) == "token_expired")
    world.clock.advance(by: 3)
    #expect(try await service.updateName("Ann 3").name == "Ann 3")
    #expect(world.refreshCount == 3)
    #expect(world.backend.requests.count("POST", "/v1/auth/sign-in") == 0)
    #expect(world.backend.requests.count("POST", "/v1/auth/sign-up") == 1)
    #expect(await log.first(1) == [.signedIn(first.user)])
    #expect(await service.currentSession != nil)
  }

  @Test("the answer lost twice: offline, the session kept; inside the window it renews")
  func lostTwiceKeepsSession() async throws {
    let world = try ProxiedBackend(window: 2)
    defer { world.tearDown() }
    let (service, log, first) = try await world.signedUpThenExpired(losingAnswers: 2)

    await #expect(throws: AuthFailure.unavailable(.offline)) {
      try await service.updateName("Ann 2")
    }
    #expect(world.proxy.dropped == 2)
    #expect(world.refreshCount == 2)
    #expect(await service.currentSession == first)
    #expect(try FileSessionStore(directory: world.sessionFolder).load() == first)
    // The next call, still inside the window, gets the pair both lost answers carried.
    world.clock.advance(by: 1)
    #expect(try await service.updateName("Ann 2").name == "Ann 2")
    #expect(world.refreshCount == 3)
    #expect(await log.first(1) == [.signedIn(first.user)])
  }

  @Test("after the window, the spent token presented again revokes the family")
  func reuseAfterWindowRevokes() async throws {
    let world = try ProxiedBackend(window: 2)
    defer { world.tearDown() }
    let (service, log, first) = try await world.signedUpThenExpired(losingAnswers: 1)
    _ = try await service.updateName("Ann 2")
    #expect(world.refreshCount == 2)

    world.clock.advance(by: 3)
    let spent = try #require(first.refreshToken)
    #expect(try await world.refreshCode(spent) == "refresh_token_reused")
    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await service.updateName("Ann 3")
    }
    #expect(await log.first(2) == [.signedIn(first.user), .signedOut(.revoked)])
    #expect(try FileSessionStore(directory: world.sessionFolder).load() == nil)
  }
}

/// A KooberBackend with a short refresh window and short access tokens, a clock the test
/// moves (shared by client and server), and an `AnswerDroppingProxy` in front of it.
final class ProxiedBackend: Sendable {
  let folder: TemporaryDirectory
  let clock: TestClock
  let backend: KooberBackend
  let proxy: AnswerDroppingProxy

  /// - Parameter window: The backend's refresh window, in seconds.
  init(window: TimeInterval) throws {
    folder = try TemporaryDirectory(prefix: "lost-refresh-answer")
    let wholeSecond = Date().timeIntervalSince1970.rounded(.down)
    let clock = TestClock(Date(timeIntervalSince1970: wholeSecond))
    self.clock = clock
    var configuration = KooberBackend.Configuration(dataDirectory: folder.url("backend"))
    configuration.demoMode = true
    configuration.passwordIterations = 1_000
    configuration.accessTokenLifetime = 2
    configuration.refreshWindow = window
    configuration.now = { clock.now }
    backend = try KooberBackend.start(configuration)
    proxy = try AnswerDroppingProxy(forwardingTo: backend.port)
  }

  func tearDown() {
    proxy.stop()
    backend.stop()
    folder.remove()
  }

  var sessionFolder: URL { folder.url("device/Session") }

  /// A service through the proxy, Ann signed up on it, the proxy told to lose the answers
  /// of the next `count` refreshes, and the clock moved past her access token's expiry.
  func signedUpThenExpired(
    losingAnswers count: Int
  ) async throws -> (ServiceUser, ChangeLog, UserSession) {
    let service = makeService()
    let log = ChangeLog(service)
    let first = try await service.signUp(
      SignUpCredentials(
        identifier: "ann@example.com", password: "Tr4il-runner-secret", name: "Ann",
        type: .passenger))
    proxy.dropAnswers(count, to: "POST /v1/auth/refresh")
    clock.advance(by: 3)
    return (service, log, first)
  }

  /// How many refresh requests reached the backend.
  var refreshCount: Int { backend.requests.count("POST", "/v1/auth/refresh") }

  /// A service talking to the backend through the proxy.
  func makeService() -> ServiceUser {
    let clock = clock
    let client = NetworkClient(baseURL: proxy.baseURL, retryPolicy: .none)
    return ServiceUser(
      remote: KooberAuthAPI(network: client, now: { clock.now }), network: client,
      accountDatabaseURL: folder.url("device/accounts.sqlite"),
      sessionStore: FileSessionStore(directory: sessionFolder),
      renewalMargin: 0.5, now: { clock.now })
  }

  /// The error code of `GET /v1/auth/session` with `token`, straight to the backend.
  func sessionCode(_ token: String) async throws -> String? {
    var request = URLRequest(url: backend.baseURL.appendingPathComponent("v1/auth/session"))
    request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
    return try await errorCode(of: request)
  }

  /// The error code of `POST /v1/auth/refresh` with `token`, straight to the backend.
  func refreshCode(_ token: String) async throws -> String? {
    var request = URLRequest(url: backend.baseURL.appendingPathComponent("v1/auth/refresh"))
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = try JSONSerialization.data(withJSONObject: ["refreshToken": token])
    return try await errorCode(of: request)
  }

  private func errorCode(of request: URLRequest) async throws -> String? {
    let (data, _) = try await URLSession.shared.data(for: request)
    let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    return (body?["error"] as? [String: Any])?["code"] as? String
  }
}

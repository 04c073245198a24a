import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import OIDCProviderHarness
import ServiceUser
import ServiceUserLogin
import ServiceUserOIDC
import TestSupport
import Testing
import UserModel

/// ServiceUser and ServiceUserLogin over the OIDC adapter, against django-oauth-toolkit: the
/// session policy (one renewal for many callers, a refused refresh ends the session, sign-out
/// revokes) holds for a standard provider exactly as for Koober's server.
@Suite(
  "ServiceUser over an OpenID Connect provider",
  .enabled(
    if: ProviderAvailability.current.runs,
    Comment(rawValue: ProviderAvailability.current.comment)),
  .sharedProviders, .serialized)
struct ServiceUserOverOIDCTests {
  static let password = "Pass1234"

  /// A service over a shared provider, on a clock the test moves.
  struct World {
    let folder: TemporaryDirectory
    let time = ManualTime(Date())
    let provider: OIDCProviderProcess
    let remote: OIDCAuthAPI
    let store: FileSessionStore
    let service: ServiceUser

    /// - Parameters:
    ///   - accessSeconds: The provider's access-token lifetime. Just over five minutes by
    ///     default: well past the 60 s renewal margin, so only the test's own clock moves a
    ///     token towards renewal. No other suite uses these lifetimes, so the provider's
    ///     request counts are this suite's alone (there is one provider per lifetime).
    ///   - renewalMargin: The service's renewal margin.
    init(
      revocation: Bool = true, accessSeconds: Int = 301,
      renewalMargin: TimeInterval = UserSession.renewalMargin
    ) async throws {
      folder = try TemporaryDirectory(prefix: "oidc-session")
      provider = try await SharedProviders.shared.provider(accessSeconds: accessSeconds)
      let configuration = try OIDCConfiguration(
        issuer: provider.issuer, clientID: "koober-public", defaultUserType: .passenger,
        revocationEndpoint: revocation ? provider.revocationEndpoint : nil,
        userTypeClaim: "koober_type")
      remote = OIDCAuthAPI(configuration: configuration, now: time.read)
      store = FileSessionStore(directory: folder.url("Session"))
      service = Self.service(
        remote: remote, store: store, folder: folder, time: time, renewalMargin: renewalMargin)
    }

    static func service(
      remote: OIDCAuthAPI, store: FileSessionStore, folder: TemporaryDirectory, time: ManualTime,
      renewalMargin: TimeInterval = UserSession.renewalMargin
    ) -> ServiceUser {
      ServiceUser(
        remote: remote, network: NetworkClient(baseURL: remote.configuration.issuer),
        accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
        renewalMargin: renewalMargin, now: time.read)
    }

    func signIn(_ email: String) async throws -> UserSession {
      let outcome = try await service.signIn(identifier: email, password: password)
      guard case .signedIn(let session) = outcome else {
        throw AuthFailure.unavailable(.serverTrouble("code"))
      }
      return session
    }

    func refreshRequests() async throws -> Int {
      try await provider.tokenRequests()["refresh_token"] ?? 0
    }
  }

  @Test("20 concurrent authorized calls after expiry make exactly one token request")
  func concurrentCallsRenewOnce() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let first = try await world.signIn("ann@example.com")
    #expect(first.user.type == .passenger)
    world.time.advance(by: 302)  // the access token has expired on the service's clock
    let before = try await world.refreshRequests()
    let service = world.service
    let remote = world.remote
    let users = try await withThrowingTaskGroup(of: User.self) { group in
      for _ in 0..<20 {
        group.addTask {
          try await service.authorized { token throws(AuthFailure) in
            try await remote.currentUser(accessToken: token)
          }
        }
      }
      return try await group.reduce(into: [User]()) { $0.append($1) }
    }
    #expect(users.count == 20)
    #expect(Set(users) == [first.user])
    #expect(try await world.refreshRequests() == before + 1)
    let renewed = try #require(await service.currentSession)
    #expect(renewed.refreshToken != first.refreshToken)
    #expect(try world.store.load() == renewed)
    // The old refresh token is spent: past the provider's 3-second grace period (serve.py),
    // the provider refuses it.
    try await Task.sleep(for: .seconds(3.5))
    await #expect(throws: AuthFailure.refused(.sessionEnded)) { try await remote.refresh(first) }
  }

  @Test("userinfo's 401 invalid_token (RFC 6750) renews once and the call goes through")
  func rejectedTokenRenews() async throws {
    // Four-second tokens on the provider, while the service's clock stands still and renews
    // nothing ahead of time: the token lapses at the provider first, which says so with
    // `WWW-Authenticate: Bearer error="invalid_token"`.
    let world = try await World(accessSeconds: 4, renewalMargin: 0)
    defer { world.folder.remove() }
    let session = try await world.signIn("ann@example.com")
    // The provider's four seconds run from the sign-in, whatever the service's clock says.
    try await Task.sleep(for: .seconds(5.5))
    let before = try await world.refreshRequests()
    let remote = world.remote
    let user = try await world.service.authorized { token throws(AuthFailure) in
      try await remote.currentUser(accessToken: token)
    }
    #expect(user == session.user)
    #expect(try await world.refreshRequests() == before + 1)
    #expect(await world.service.currentSession?.accessToken != session.accessToken)
  }

  @Test("a refused refresh signs the person out as revoked and clears the store")
  func refusedRefreshRevokes() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let changes = world.service.sessionChanges()
    let session = try await world.signIn("dan@example.com")
    #expect(session.user.type == .driver)
    // Replaying a spent refresh token makes the provider revoke the whole family.
    let renewed = try await world.remote.refresh(session)
    // Past the provider's 3-second grace period (serve.py), the replay is reuse.
    try await Task.sleep(for: .seconds(3.5))
    _ = try? await world.remote.refresh(session)
    #expect(renewed.accessToken != session.accessToken)
    world.time.advance(by: 302)
    let signedOut = NetworkError.authorizationUnavailable(
      reason: AuthFailure.refused(.sessionEnded).message)
    await #expect(throws: signedOut) { try await world.service.accessToken() }
    var seen: [SessionChange] = []
    for await change in changes {
      seen.append(change)
      if seen.count == 3 { break }
    }
    #expect(seen == [.initial(nil, accounts: []), .signedIn(session.user), .signedOut(.revoked)])
    #expect(try world.store.load() == nil)
  }

  @Test("restore validates with userinfo; sign-out revokes at the provider")
  func restoreAndSignOut() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    let session = try await world.signIn("ann@example.com")
    let relaunched = World.service(
      remote: world.remote, store: world.store, folder: world.folder, time: world.time)
    #expect(await relaunched.restoreSession() == .signedIn(session))
    #expect(await relaunched.signOut() == .signedOut)
    #expect(try world.store.load() == nil)
    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await world.remote.refresh(session)
    }
  }

  @Test("without a revocation endpoint, sign-out is local and says so")
  func signOutWithoutRevocation() async throws {
    let world = try await World(revocation: false)
    defer { world.folder.remove() }
    let session = try await world.signIn("ann@example.com")
    #expect(await world.service.signOut() == .signedOutWithoutRevocation)
    #expect(await world.service.currentSession == nil)
    // The provider was not asked: the tokens lapse on their own.
    #expect(try await world.remote.currentUser(accessToken: session.accessToken) == session.user)
  }

  @Test("a wrong password and a sign-up are one clear AuthFailure each; nothing is stored")
  func refusals() async throws {
    let world = try await World()
    defer { world.folder.remove() }
    await #expect(throws: AuthFailure.refused(.invalidCredentials(.email))) {
      try await world.service.signIn(identifier: "ann@example.com", password: "wrong-password")
    }
    let form = SignUpCredentials(
      identifier: "new@example.com", password: "Pass1234word", name: nil, type: .passenger)
    await #expect(throws: AuthFailure.unsupported(.signUp)) {
      try await world.service.signUp(form)
    }
    #expect(
      AuthFailure.unsupported(.signUp).message
        == "Your account provider does not offer sign-up here.")
    #expect(try world.store.load() == nil)
  }
}

import Foundation
import LoginCore
import LoginTesting
import NetworkClient
import ServiceUser
import ServiceUserLogin
import ServiceUserTestSupport
import TestSupport
import Testing
import UserModel

/// ServiceUser over an adapter that is not Koober's: the in-memory `FakeAuthRemoteAPI`. The
/// session policy (renew once, end on refusal, keep on trouble) is ServiceUser's, the same
/// for every adapter.
@Suite("ServiceUser over any AuthRemoteAPI")
struct RemoteSeamTests {
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: .passenger)

  struct World {
    let folder: TemporaryDirectory
    let time = ManualTime()
    let remote: FakeAuthRemoteAPI
    let store = InMemorySessionStore()
    let transport: FakeTransport
    let service: ServiceUser

    /// - Parameter sessionStore: The store the service is given instead of `store`.
    init(
      identifierRule: IdentifierRule = .email, sessionStore: (any SessionStore)? = nil,
      _ handler: @escaping FakeTransport.Handler = { _ in .empty(204) }
    ) throws {
      folder = try TemporaryDirectory(prefix: "remote-seam")
      remote = FakeAuthRemoteAPI(accessLifetime: 600, now: time.read)
      remote.addAccount(RemoteSeamTests.ann, password: "Pass1234")
      transport = FakeTransport(handler)
      let client = NetworkClient(
        baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport, retryPolicy: .none)
      service = ServiceUser(
        remote: remote, network: client, accountDatabaseURL: folder.url("accounts.sqlite"),
        sessionStore: sessionStore ?? store, now: time.read, identifierRule: identifierRule)
    }

    func signedIn() async throws -> UserSession {
      guard
        case .signedIn(let session) = try await service.signIn(
          identifier: "ann@example.com", password: "Pass1234")
      else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
      return session
    }
  }

  @Test("a rejected access token is renewed once through the adapter and the call retried")
  func rejectedTokenRenewsOnce() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let session = try await world.signedIn()
    world.remote.rejectAccessTokens()
    #expect(try await world.service.updateName("Annie").name == "Annie")
    #expect(
      world.remote.calls == [
        .signIn("ann@example.com"), .updateName("Annie", accessToken: session.accessToken),
        .refresh(session.refreshToken ?? ""), .updateName("Annie", accessToken: "access-2"),
      ])
    #expect(world.store.session?.accessToken == "access-2")
    #expect(world.store.session?.user.name == "Annie")
  }

  @Test("rejected again after the renewal, the session ends as revoked")
  func rejectedTwiceEnds() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    _ = try await world.signedIn()
    world.remote.rejectAccessTokens()
    world.remote.fail(.updateName, with: .refused(.accessTokenRejected), times: 2)
    await #expect(throws: AuthFailure.refused(.sessionEnded)) {
      try await world.service.updateName("A")
    }
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.revoked)])
    #expect(world.store.session == nil)
    #expect(world.remote.calls.filter { if case .refresh = $0 { true } else { false } }.count == 1)
  }

  @Test("a refused refresh ends the session as revoked; an unavailable one keeps it")
  func refreshRefusedOrUnavailable() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    let session = try await world.signedIn()
    world.time.advance(by: 600)
    // Twice: a renewal that gets no answer sends the refresh once more.
    world.remote.fail(.refresh, with: .unavailable(.offline), times: 2)
    await #expect(throws: NetworkError.transport(.offline)) {
      try await world.service.accessToken()
    }
    #expect(await world.service.currentSession == session)
    world.remote.fail(.refresh, with: .unavailable(.busy(retryAfterSeconds: 3)))
    await #expect(throws: NetworkError.self) { try await world.service.accessToken() }
    #expect(await world.service.currentSession == session)

    world.remote.revokeSessions(of: Self.ann.id)
    await #expect(throws: NetworkError.signedOut) { try await world.service.accessToken() }
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.revoked)])
    #expect(world.store.session == nil)
  }

  @Test("20 concurrent calls with an expired token make one refresh through the adapter")
  func concurrentRenewalsCoalesce() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.time.advance(by: 600)
    let tokens = try await withThrowingTaskGroup(of: String.self) { group in
      for _ in 0..<20 { group.addTask { try await world.service.accessToken() } }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    #expect(Set(tokens) == ["access-2"])
    #expect(world.remote.calls.filter { if case .refresh = $0 { true } else { false } }.count == 1)
  }

  @Test("a session obtained elsewhere is installed, announced, stored and renewed")
  func installedSession() async throws {
    let world = try World()
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    // As if from Sign in with Apple: the fake issued it, ServiceUser never signed in.
    guard
      case .signedIn(let issued) = try await world.remote.signIn(
        SignInCredentials(identifier: "ann@example.com", password: "Pass1234"))
    else { throw AuthFailure.unavailable(.serverTrouble("expected a session")) }
    try await world.service.establishSession(issued)
    #expect(world.store.session == issued)
    #expect(await log.first(1) == [.signedIn(Self.ann)])
    world.time.advance(by: 600)
    #expect(try await world.service.accessToken() == "access-2")
    await world.service.endSession(.userAction)
    #expect(world.store.session == nil)
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.userAction)])
  }

  @Test("sign-out on a server without revocation is local and says so")
  func signOutWithoutRevocation() async throws {
    let world = try World()
    defer { world.folder.remove() }
    _ = try await world.signedIn()
    world.remote.unsupported = [.signOut]
    #expect(await world.service.signOut() == .signedOutWithoutRevocation)
    #expect(await world.service.currentSession == nil)
    #expect(world.store.session == nil)
  }

  @Test("with the username rule, a username signs in; the default email rule refuses it first")
  func usernames() async throws {
    let world = try World(identifierRule: .username)
    defer { world.folder.remove() }
    let lee = User(
      id: "u-lee", identifier: "ann.lee", email: "ann.lee", name: nil, type: .passenger)
    world.remote.addAccount(lee, password: "Pass1234")
    let outcome = try await world.service.signIn(identifier: " Ann.Lee ", password: "Pass1234")
    #expect(outcome == .signedIn(try #require(world.store.session)))
    #expect(world.remote.calls.first == .signIn("ann.lee"))

    let emailOnly = try World()
    defer { emailOnly.folder.remove() }
    let needsAt = AuthFailure.refused(.invalidForm(.email(.missingAt)))
    await #expect(throws: needsAt) {
      try await emailOnly.service.signIn(identifier: "ann.lee", password: "Pass1234")
    }
    #expect(emailOnly.remote.calls.isEmpty)
  }

  @Test("sign-up on a server without it is one typed failure, and nothing is stored")
  func unsupportedSignUp() async throws {
    let world = try World()
    defer { world.folder.remove() }
    world.remote.unsupported = [.signUp]
    let form = SignUpCredentials(
      identifier: "bea@example.com", password: "Pass1234word", name: nil, type: .passenger)
    await #expect(throws: AuthFailure.unsupported(.signUp)) {
      try await world.service.signUp(form)
    }
    #expect(
      AuthFailure.unsupported(.signUp).message
        == "Your account provider does not offer sign-up here.")
    #expect(world.store.session == nil)
  }

  @Test("the app's own request: RFC 6750 invalid_token renews once; again, the session ends")
  func ownRequestsFollowTheAdapter() async throws {
    let server = AppServer()
    let world = try World { request in
      await server.accepts(request.authorization)
        ? .json(200, "{}")
        : .headers(401, ["WWW-Authenticate": #"Bearer realm="x", error="invalid_token""#])
    }
    defer { world.folder.remove() }
    let log = ChangeLog(world.service)
    _ = try await world.signedIn()
    let me = Endpoint(.get, "/me", requiresAuthorization: true)
    _ = try await world.service.network.response(for: me)
    #expect(
      world.transport.requests.map(\.authorization) == ["Bearer access-1", "Bearer access-2"])

    await server.acceptNothing()  // access-3, from the next renewal, is refused as well
    await #expect(throws: NetworkError.self) { try await world.service.network.response(for: me) }
    #expect(await log.first(2) == [.signedIn(Self.ann), .signedOut(.revoked)])
  }
}

/// The app's own server in the last test: it honours one token, then none.
private actor AppServer {
  private var accepted: String? = "Bearer access-2"

  func accepts(_ authorization: String?) -> Bool { authorization == accepted }

  func acceptNothing() { accepted = nil }
}

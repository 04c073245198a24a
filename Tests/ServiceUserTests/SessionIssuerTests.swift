import Foundation
import KooberBackend
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import ServiceUserTestSupport
import Testing
import UserModel

/// A session goes only to the server identity that issued it, even when two servers share
/// one session store.
@Suite("sessions keep to their issuer")
struct SessionIssuerTests {
  static let form = SignUpCredentials(
    identifier: "ann@example.com", password: "Tr4il-runner-secret", name: "Ann", type: .passenger)

  /// A service against `harness`'s backend that keeps its session in `store`'s folder.
  private static func service(of harness: LiveHarness, storeIn folder: URL) -> ServiceUser {
    let client = NetworkClient(baseURL: harness.backend.baseURL, retryPolicy: .none)
    return ServiceUser(
      remote: KooberAuthAPI(network: client),
      accountDatabaseURL: harness.folder.url("other/accounts.sqlite"),
      sessionStore: FileSessionStore(directory: folder))
  }

  @Test("the session records its server; another server sharing the store never receives it")
  func anotherServerSharingTheStore() async throws {
    let first = try LiveHarness()
    let second = try LiveHarness()
    defer {
      first.tearDown()
      second.tearDown()
    }
    let session = try await first.makeService().signUp(Self.form)
    #expect(session.issuer == KooberAuthAPI.identity(ofServer: first.backend.baseURL))
    let store = FileSessionStore(directory: first.sessionFolder())
    #expect(try store.load() == session)

    let other = Self.service(of: second, storeIn: first.sessionFolder())
    #expect(await other.restoreSession() == .notSignedIn)
    #expect(await other.signOut() == .signedOut)
    #expect(second.backend.requests.all.isEmpty, "\(second.backend.requests.all)")
    #expect(try store.load() == session)

    // Signing in there replaces the stored session here, but sends it nowhere.
    _ = try await other.signUp(Self.form)
    #expect(second.backend.requests.count("POST", "/v1/auth/sign-out") == 0)
    #expect(second.backend.requests.count("POST", "/v1/auth/revoke") == 0)
    #expect(first.backend.requests.count("POST", "/v1/auth/sign-out") == 0)
    #expect(try store.load()?.issuer == KooberAuthAPI.identity(ofServer: second.backend.baseURL))
  }

  @Test("a session kept before issuers were recorded is adopted and recorded at the launch check")
  func legacySessionAdopted() async throws {
    let live = try LiveHarness()
    defer { live.tearDown() }
    var session = try await live.makeService().signUp(Self.form)
    session.issuer = nil
    let store = FileSessionStore(directory: live.sessionFolder())
    try store.save(session)

    guard case .signedIn(let restored) = await live.makeService().restoreSession() else {
      Issue.record("the legacy session was not restored")
      return
    }
    let identity = KooberAuthAPI.identity(ofServer: live.backend.baseURL)
    #expect(restored.issuer == identity)
    #expect(try store.load()?.issuer == identity)
  }

  @Test("identities: Koober's base URL normalised; OAuth's issuer as given plus client ID")
  func identities() throws {
    let url = try #require(URL(string: "HTTPS://API.Example.com:443/v1/"))
    #expect(KooberAuthAPI.identity(ofServer: url) == "https://api.example.com/v1")
    let plain = try #require(URL(string: "http://127.0.0.1:8080"))
    #expect(KooberAuthAPI.identity(ofServer: plain) == "http://127.0.0.1:8080")
  }
}

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
import WireFormat

/// A provider that answers the launch check for another account than the stored session's.
private final class OtherAccountAPI: AuthRemoteAPI, Sendable {
  let revoked = Locked<[String]>([])

  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    throw .unsupported(.signIn)
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    throw .unsupported(.refresh)
  }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    User(id: "someone-else", identifier: "mallory", name: nil, type: .passenger)
  }
  func signOut(_ session: UserSession) async throws(AuthFailure) {
    revoked.withLock { $0.append(session.accessToken) }
  }
}

@Suite("A changed subject ends the session")
struct AccountChangedTests {
  @Test("a launch check that meets another account ends the session, revoking it at the server")
  func otherAccount() async throws {
    let folder = try TemporaryDirectory(prefix: "account-changed")
    defer { folder.remove() }
    let store = InMemorySessionStore(Fixtures.session())
    let remote = OtherAccountAPI()
    let service = ServiceUser(
      remote: remote, network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
      now: { Fixtures.start })
    #expect(await service.restoreSession() == .accountChanged)
    #expect(try store.load() == nil)
    #expect(await service.currentSession == nil)
    #expect(remote.revoked.value == ["access-1"])
    // Never announced as signed in: the other account was never handed to the app.
    #expect(await service.knownAccounts().isEmpty)
  }
}

import Foundation
import LoginCore
import LoginObservation
import LoginTesting
import NetworkClient
import Observation
import ServiceUser
import ServiceUserLogin
import TestSupport
import UserModel
import WireFormat

/// A real ServiceUser over the in-memory server and store, in its own temporary folder.
struct ObservationWorld {
  static let ann = User(
    id: "u-ann", identifier: "ann@example.com", email: "ann@example.com", name: "Ann",
    type: UserType("rider"))
  static let bob = User(
    id: "u-bob", identifier: "bob@example.com", email: "bob@example.com", name: "Bob",
    type: UserType("driver"))

  let folder: TemporaryDirectory
  let server: FakeAuthRemoteAPI
  let store: InMemorySessionStore
  let service: ServiceUser

  /// - Parameters:
  ///   - server: The server; a fresh one with Ann and Bob by default.
  ///   - store: The session store; an empty one by default.
  ///   - gate: When set, the launch check's call to the server waits for it.
  init(
    server: FakeAuthRemoteAPI? = nil, store: InMemorySessionStore = InMemorySessionStore(),
    gate: CallGate? = nil
  ) throws {
    folder = try TemporaryDirectory(prefix: "observable-session")
    let server = server ?? Self.server()
    self.server = server
    self.store = store
    service = ServiceUser(
      remote: HeldRemote(base: server, gate: gate), network: NetworkClient(baseURL: folder.url),
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store)
  }

  /// A server that knows Ann and Bob.
  static func server() -> FakeAuthRemoteAPI {
    let server = FakeAuthRemoteAPI()
    server.addAccount(ann, password: "Pass1234word")
    server.addAccount(bob, password: "Pass1234word")
    return server
  }

  /// Signs `user` in through the service.
  func signIn(_ user: User) async throws {
    _ = try await service.signIn(identifier: user.identifier, password: "Pass1234word")
  }
}

/// The server's adapter, with the launch check's `currentUser` held at `gate` when there is
/// one: a launch check in flight.
struct HeldRemote: AuthRemoteAPI {
  let base: FakeAuthRemoteAPI
  let gate: CallGate?

  func signIn(_ credentials: SignInCredentials) async throws(AuthFailure) -> SignInOutcome {
    try await base.signIn(credentials)
  }
  func refresh(_ session: UserSession) async throws(AuthFailure) -> UserSession {
    try await base.refresh(session)
  }
  func currentUser(accessToken: String) async throws(AuthFailure) -> User {
    await gate?.wait()
    return try await base.currentUser(accessToken: accessToken)
  }
  func signOut(_ session: UserSession) async throws(AuthFailure) {
    try await base.signOut(session)
  }
}

/// Whether anything `read` reads changed since this call: `withObservationTracking` armed
/// once, as SwiftUI arms it for each drawing.
@MainActor
func changes(of read: () -> Void) -> Locked<Bool> {
  let fired = Locked(false)
  withObservationTracking(read) { fired.withLock { $0 = true } }
  return fired
}

/// Waits (at most 20 s: a loaded machine can keep a task from running for seconds) until
/// `condition` holds, letting the main actor run meanwhile.
/// - Returns: Whether it held in time.
@MainActor
func eventually(_ condition: () -> Bool) async -> Bool {
  let deadline = Date() + 20
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return condition()
}

import Foundation
import LoopbackServer
import NetworkClient
import ServiceUser
import ServiceUserKoober
import ServiceUserLogin
import TestSupport
import ServiceUserTestSupport
import UserModel

/// A ServiceUser talking real HTTP to a `ScriptedAPIServer`, with its files in a temporary
/// folder and a clock standing at 2026-11-21T08:30:00Z, for tests of servers that follow
/// API.md differently from the reference backend, or not at all.
struct ScriptedHarness {
  /// 2026-11-21T08:30:00Z, the harness's "now".
  static let now = Date(timeIntervalSince1970: 1_795_249_800)

  let folder: TemporaryDirectory
  let server: ScriptedAPIServer
  let store: FileSessionStore
  let service: ServiceUser

  init() throws {
    folder = try TemporaryDirectory(prefix: "scripted-user")
    server = try ScriptedAPIServer()
    store = FileSessionStore(directory: folder.url("Session"))
    service = Self.makeService(server: server, folder: folder, store: store)
  }

  /// Another ServiceUser on the same files and server, as after a restart of the app.
  func restarted() -> ServiceUser {
    Self.makeService(server: server, folder: folder, store: store)
  }

  private static func makeService(
    server: ScriptedAPIServer, folder: TemporaryDirectory, store: FileSessionStore
  ) -> ServiceUser {
    let client = NetworkClient(baseURL: server.baseURL, retryPolicy: .none)
    return ServiceUser(
      remote: KooberAuthAPI(network: client, sessionIssuer: Fixtures.issuer), network: client,
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
      now: { Self.now })
  }

  /// Stops the server and removes the files.
  func tearDown() {
    server.stop()
    folder.remove()
  }

  /// Signs in through a scripted `200` Session and returns it, for tests that start signed in.
  /// - Parameter session: the session JSON text; `ScriptedJSON.session` by default.
  func signedIn(_ session: String = ScriptedJSON.session) async throws -> UserSession {
    server.answer(.post, "/v1/auth/sign-in", .scripted(200, session))
    let outcome = try await service.signIn(identifier: "ann@example.com", password: "s3cretpass")
    guard case .signedIn(let established) = outcome else { throw ScriptFailure.notSignedIn }
    return established
  }
}

/// A failed precondition of a scripted test.
enum ScriptFailure: Error {
  case notSignedIn
}

import Foundation
import LoopbackServer
import NetworkClient
import ServiceUser
import ServiceUserLogin
import TestSupport
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
    ServiceUser(
      network: NetworkClient(baseURL: server.baseURL, retryPolicy: .none),
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
    let outcome = try await service.signIn(email: "ann@example.com", password: "s3cretpass")
    guard case .signedIn(let established) = outcome else { throw ScriptFailure.notSignedIn }
    return established
  }
}

/// A failed precondition of a scripted test.
enum ScriptFailure: Error {
  case notSignedIn
}

/// JSON texts a conforming server may send that the reference backend never does.
enum ScriptedJSON {
  /// A Session with fractional seconds, `+00:00` offsets, no `name`, and fields API.md does not
  /// name, at the top level and inside `user`.
  static let session = """
    {"user": {"id": "usr_ann", "email": "ann@example.com", "type": "passenger",
              "avatarUrl": "https://example.com/a.png", "createdAt": "2026-01-01T00:00:00Z"},
     "token": "access-1", "expiresAt": "2026-11-21T08:45:00.250Z",
     "refreshToken": "refresh-1", "refreshExpiresAt": "2026-12-21T08:30:00+00:00",
     "tokenType": "Bearer", "scopes": ["rides"], "server": {"region": "syd"}}
    """

  /// The session `session` describes.
  static let expectedSession = UserSession(
    user: User(id: "usr_ann", email: "ann@example.com", name: nil, type: .passenger),
    token: "access-1", expiresAt: ScriptedHarness.now + 900.25,
    refreshToken: "refresh-1", refreshExpiresAt: ScriptedHarness.now + 30 * 86_400)
}

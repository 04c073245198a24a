import Foundation
import NetworkClient
import ServiceUser
import TestSupport
import UserModel

/// Sessions, JSON bodies and services for the tests that run without a server.
enum Fixtures {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  static let ann = User(id: "usr_ann", email: "ann@example.com", name: "Ann", type: .passenger)
  static let dan = User(id: "usr_dan", email: "dan@example.com", name: nil, type: .driver)

  /// A session whose access token lives `accessLife` seconds from `start`.
  static func session(
    _ user: User = ann, number: Int = 1, accessLife: TimeInterval = 900,
    refreshLife: TimeInterval = 30 * 86_400, from moment: Date = start
  ) -> UserSession {
    UserSession(
      user: user, token: "access-\(number)", expiresAt: moment + accessLife,
      refreshToken: "refresh-\(number)", refreshExpiresAt: moment + refreshLife)
  }

  /// The API's JSON for a session.
  static func json(_ session: UserSession) -> String {
    let data = (try? KooberJSON.encoder().encode(session)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  /// The API's JSON for a user.
  static func json(_ user: User) -> String {
    let data = (try? KooberJSON.encoder().encode(user)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

/// A moveable clock for expiry checks.
final class TestClock: @unchecked Sendable {
  private let lock = NSLock()
  private var current: Date

  init(_ start: Date = Fixtures.start) {
    current = start
  }

  var now: Date { lock.withLock { current } }

  func advance(by seconds: TimeInterval) {
    lock.withLock { current += seconds }
  }
}

/// A ServiceUser over a fake transport, in its own temporary folder.
struct Harness {
  let folder: TemporaryDirectory
  let transport: FakeTransport
  let clock: TestClock
  let store: any SessionStore
  let service: ServiceUser

  init(
    store makeStore: ((URL) -> any SessionStore)? = nil,
    renewalMargin: TimeInterval = 60,
    _ handler: @escaping FakeTransport.Handler
  ) throws {
    folder = try TemporaryDirectory(prefix: "service-user")
    transport = FakeTransport(handler)
    let clock = TestClock()
    self.clock = clock
    let sessionFolder = folder.url("Session")
    store = makeStore?(sessionFolder) ?? FileSessionStore(directory: sessionFolder)
    let client = NetworkClient(
      baseURL: URL(string: "http://127.0.0.1:9")!, transport: transport, retryPolicy: .none)
    service = ServiceUser(
      network: client, accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
      renewalMargin: renewalMargin, now: { clock.now })
  }
}

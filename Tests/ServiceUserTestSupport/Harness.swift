import Foundation
import LoginCore
import NetworkClient
import ServiceUser
import ServiceUserKoober
import TestSupport

/// A ServiceUser over a fake transport, in its own temporary folder.
public struct Harness: Sendable {
  /// The test's own folder.
  public let folder: TemporaryDirectory
  /// The fake transport every request goes through.
  public let transport: FakeTransport
  /// The service's clock.
  public let clock: TestClock
  /// The service's session store.
  public let store: any SessionStore
  /// The service under test.
  public let service: ServiceUser

  /// Makes the service over a fake transport answering with `handler`.
  public init(
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
      remote: KooberAuthAPI(network: client), network: client,
      accountDatabaseURL: folder.url("accounts.sqlite"), sessionStore: store,
      renewalMargin: renewalMargin, now: { clock.now })
  }
}

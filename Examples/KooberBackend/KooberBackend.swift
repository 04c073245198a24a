import DatabaseClient
import Foundation
import LoopbackServer

/// The reference backend of Koober's HTTP contract: every auth, user and ride route (and, in demo
/// mode, the outbox and the simulated driver) on a `LoopbackServer`, with users, token hashes,
/// challenges, the outbox and rides in SQLite.
///
/// It answers only requests that name it in `Host` (its address, `localhost`, and
/// `Configuration.hostNames`; else `421`) and whose bodies say `Content-Type: application/json`
/// (else `415`), so neither a rebound domain nor a cross-site form reaches a route.
///
/// It starts listening at once; `stop()` ends it. Route groups live in `Routes/`, one file
/// each, and share `BackendStore` (the database and its rules) and `RequestContext` (JSON
/// bodies, bearer authentication).
///
/// ```swift
/// var configuration = KooberBackend.Configuration(dataDirectory: folder)
/// configuration.demoMode = true
/// let backend = try KooberBackend.start(configuration)
/// print(backend.baseURL)                                   // http://127.0.0.1:53122
/// // … requests …
/// backend.requests.count("POST", "/v1/auth/refresh")       // 1
/// backend.stop()
/// ```
public final class KooberBackend: Sendable {
  /// What the backend was started with.
  public let configuration: Configuration
  /// How many requests each route has received.
  public let requests: RequestCounter

  let server: LoopbackServer
  let store: BackendStore
  /// Demo mode's simulated driver; nil outside demo mode.
  let simulatedDriver: SimulatedDriver?

  /// Opens the database, migrates it and starts listening.
  /// - Parameter configuration: where to listen and keep data, and the security parameters.
  /// - Throws: `KooberBackendError` when the database cannot be opened or the address cannot
  ///   be listened on.
  public init(_ configuration: Configuration) throws(KooberBackendError) {
    self.configuration = configuration
    self.requests = RequestCounter()
    self.store = try BackendStore(configuration: configuration)
    do {
      self.server = try LoopbackServer(
        host: configuration.host, port: configuration.port,
        // The HTTP contract: a known path with another method is 405, and HEAD is another method.
        configuration: LoopbackServer.Configuration(
          maxBodyBytes: configuration.maxBodyBytes, headUsesGetRoute: false,
          hostPolicy: .serverNames(configuration.hostNames)))
    } catch {
      throw .cannotListen(error.message)
    }
    let router = BackendRouter(server: server, store: store, counter: requests)
    AuthRoutes.register(on: router)
    UserRoutes.register(on: router)
    RideRoutes.register(on: router)
    PasskeyRoutes.register(on: router)
    if configuration.demoMode { OutboxRoutes.register(on: router) }
    simulatedDriver = configuration.demoMode ? SimulatedDriver(store: store) : nil
  }

  /// Starts a backend; the same as `init(_:)`, named for call sites.
  /// - Parameter configuration: where to listen and keep data, and the security parameters.
  /// - Returns: the running backend.
  /// - Throws: `KooberBackendError` when the database cannot be opened or the address cannot
  ///   be listened on.
  public static func start(_ configuration: Configuration) throws(KooberBackendError)
    -> KooberBackend
  {
    try KooberBackend(configuration)
  }

  /// The port the backend listens on (the system's choice when 0 was asked for).
  public var port: UInt16 { server.port }

  /// `http://HOST:PORT`, without a trailing slash.
  public var baseURL: URL { server.baseURL }

  /// How many `POST /v1/auth/refresh` requests arrived, e.g. to check that a client coalesced
  /// concurrent renewals into one.
  public var refreshRequestCount: Int { requests.count("POST", "/v1/auth/refresh") }

  /// A host name as the backend compares it with a request's `Host` (lower-cased, without a
  /// trailing dot), e.g. to check a name given on a command line before starting.
  /// - Parameter name: a host name or IP address, without a port.
  /// - Returns: the compared form; nil when `name` is not a host name.
  public static func normalizedHostName(_ name: String) -> String? {
    LoopbackServer.HostPolicy.normalizedName(name)
  }

  /// The SQLite file's path, e.g. for a test that inspects the stored hashes.
  public var databasePath: String { store.database.path }

  /// Forgets the sign-in failures and the lock of an email in the backend's database
  /// (`koober admin unlock EMAIL --data-dir DIR`), without starting a server. A running
  /// server sees it at the next attempt: the count lives in the database.
  /// - Parameters:
  ///   - email: The locked email.
  ///   - configuration: The backend's configuration (its data folder decides the database).
  /// - Returns: Whether there was anything to forget.
  /// - Throws: `KooberBackendError` when the database cannot be opened or written.
  public static func unlock(email: String, _ configuration: Configuration)
    throws(KooberBackendError) -> Bool
  {
    let store = try BackendStore(configuration: configuration)
    do {
      return try store.unlock(email: email)
    } catch {
      throw .cannotOpenDatabase(error.message)
    }
  }

  /// Stops listening, closes open connections and cancels running requests. Safe to call
  /// more than once.
  public func stop() {
    simulatedDriver?.stop()
    server.stop()
  }
}

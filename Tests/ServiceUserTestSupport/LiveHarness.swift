import Foundation
import KooberBackend
import NetworkClient
import ServiceUser
import ServiceUserKoober
import TestSupport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A KooberBackend on a loopback port and ServiceUser instances talking to it over real
/// URLSession, each with real SQLite files, all inside one temporary folder per test.
public final class LiveHarness: @unchecked Sendable {
  /// The test's own folder: the backend's data and every device's files.
  public let folder: TemporaryDirectory
  /// The running backend.
  public let backend: KooberBackend
  /// The backend's clock.
  public let serverClock: TestClock
  /// The clients' clock; the same object as `serverClock` unless the test separates them.
  public let clientClock: TestClock

  /// Starts the backend.
  /// - Parameters:
  ///   - accessLifetime: The backend's access-token lifetime.
  ///   - sharedClock: Whether client and server read one clock (else the client's stays).
  public init(accessLifetime: TimeInterval = 900, sharedClock: Bool = true) throws {
    folder = try TemporaryDirectory(prefix: "service-user-live")
    // Whole seconds: the API writes dates in whole seconds, so fractions only add rounding.
    let wholeSecond = Date().timeIntervalSince1970.rounded(.down)
    serverClock = TestClock(Date(timeIntervalSince1970: wholeSecond))
    clientClock = sharedClock ? serverClock : TestClock(serverClock.now)
    var configuration = KooberBackend.Configuration(dataDirectory: folder.url("backend"))
    configuration.demoMode = true
    configuration.passwordIterations = 1_000
    configuration.accessTokenLifetime = accessLifetime
    let clock = serverClock
    configuration.now = { clock.now }
    backend = try KooberBackend.start(configuration)
  }

  deinit {
    backend.stop()
  }

  /// Stops the backend and removes every file.
  public func tearDown() {
    backend.stop()
    folder.remove()
  }

  /// The session folder of a client device.
  public func sessionFolder(_ device: String = "device") -> URL {
    folder.url("\(device)/Session")
  }

  /// The session file of a client device: its active account's file, else the one file of
  /// a folder written before accounts (where a session copied in is read as its account).
  public func sessionFile(_ device: String = "device") -> URL {
    let store = FileSessionStore(directory: sessionFolder(device))
    guard let active = try? store.loadRecord().active else { return store.fileURL }
    let file = store.fileURL(for: active)
    return FileManager.default.fileExists(atPath: file.path) ? file : store.fileURL
  }

  /// A new ServiceUser for a device (the same files each time for the same device name).
  public func makeService(_ device: String = "device", renewalMargin: TimeInterval = 0.5)
    -> ServiceUser
  {
    let clock = clientClock
    let client = NetworkClient(baseURL: backend.baseURL, retryPolicy: .none)
    return ServiceUser(
      remote: KooberAuthAPI(network: client, now: { clock.now }), network: client,
      accountDatabaseURL: folder.url("\(device)/accounts.sqlite"),
      sessionStore: FileSessionStore(directory: sessionFolder(device)),
      renewalMargin: renewalMargin, now: { clock.now })
  }

  /// The latest one-time code the backend sent to `email`.
  public func latestCode(for email: String) async throws -> String {
    var components = URLComponents(
      url: backend.baseURL.appendingPathComponent("v1/dev/outbox"),
      resolvingAgainstBaseURL: false)
    components?.queryItems = [URLQueryItem(name: "to", value: email)]
    let url = try requireURL(components?.url)
    let (data, _) = try await URLSession.shared.data(from: url)
    let outbox = try JSONDecoder().decode(Outbox.self, from: data)
    let body = outbox.messages.last?.body ?? ""
    return String(body.split(separator: " ").last ?? "")
  }

  /// Sends a raw request to the backend, outside any client under test.
  public func rawPost(_ path: String, bearer: String) async throws -> Int {
    var request = URLRequest(url: backend.baseURL.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
    let (_, response) = try await URLSession.shared.data(for: request)
    return (response as? HTTPURLResponse)?.statusCode ?? 0
  }

  /// How many refresh calls the backend has received.
  public var refreshCount: Int { backend.requests.count("POST", "/v1/auth/refresh") }

  /// Every regular file under the test's folder.
  public func allFiles() -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: folder.url, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
        files.append(url)
      }
    }
    return files
  }

  private struct Outbox: Decodable {
    struct Message: Decodable { let body: String }
    let messages: [Message]
  }
}

/// `#require` for a URL outside a test function.
public func requireURL(_ url: URL?) throws -> URL {
  guard let url else { throw URLError(.badURL) }
  return url
}

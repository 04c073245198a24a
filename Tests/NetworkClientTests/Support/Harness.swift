import Foundation
import LoopbackServer
import NetworkClient
import Testing

/// A test's own loopback server (its own port) and a client pointed at it, with a recording
/// clock so retry waits cost nothing.
struct Harness {
  let server: LoopbackServer
  let client: NetworkClient
  let clock: RecordingClock

  init(
    retryPolicy: RetryPolicy = .fast,
    timeout: Duration? = .seconds(60),  // a bound for a loaded machine, not a measurement
    transport: (any HTTPTransport)? = nil,
    authorization: (any AuthorizationProvider)? = nil,
    onUnauthorized: (@Sendable (NetworkError) async -> Void)? = nil,
    rejectsCredentials: @escaping CredentialRejectionCheck = NetworkClient.anyUnauthorized,
    clock: (any Clock<Duration>)? = nil,
    logger: (@Sendable (String) -> Void)? = nil
  ) throws {
    let recording = RecordingClock()
    server = try LoopbackServer()
    self.clock = recording
    client = NetworkClient(
      baseURL: server.baseURL, transport: transport ?? DefaultHTTPTransport(),
      authorization: authorization, onUnauthorized: onUnauthorized,
      rejectsCredentials: rejectsCredentials, retryPolicy: retryPolicy,
      timeout: timeout, clock: clock ?? recording, logger: logger)
  }

  /// Stops the server without blocking the caller: `LoopbackServer.stop()` waits for the
  /// server's handlers, which need the same small cooperative thread pool as the tests.
  func stop() {
    let server = self.server
    DispatchQueue.global().async { server.stop() }
  }

  /// Stops the server and waits until it refuses connections, off the cooperative pool.
  func stopAndWait() async {
    let server = self.server
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        server.stop()
        continuation.resume()
      }
    }
  }
}

/// Which transport a test runs over: the default one (libcurl on Linux) and URLSession's,
/// which stays public everywhere.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case standard
  case urlSession

  func make() -> any HTTPTransport {
    switch self {
    case .standard: DefaultHTTPTransport()
    case .urlSession: URLSessionTransport()
    }
  }

  var testDescription: String { rawValue }
}

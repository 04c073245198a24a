import Foundation

/// A small HTTP/1.1 server on POSIX sockets for tests, benchmarks and the embedded reference
/// backend: it listens on a loopback address, runs each connection on its own thread (up to
/// ``Configuration/maxConnections`` at once) and answers through a table of async route
/// handlers.
///
/// The server starts listening in its initializer; routes may be added at any time.
///
/// ```swift
/// let server = try LoopbackServer()  // 127.0.0.1, a port the OS picks
/// server.route(.get, "/v1/rides/{id}") { request in
///   .json(["id": request.pathParameters["id"] ?? ""])
/// }
/// let url = server.baseURL.appendingPathComponent("v1/rides/ride_1")
/// // … real URLSession calls to `url` …
/// server.stop()
/// ```
///
/// Unknown paths answer the HTTP contract's `404 not_found`, known paths with another method
/// `405 method_not_allowed`, and malformed requests `400 malformed_request`. The server never
/// trusts a number a client sends: every size is checked before any arithmetic, and these
/// rules (limits in ``Configuration``) keep one client from holding memory or threads:
/// - A body over ``Configuration/maxBodyBytes`` answers `413 body_too_large`; for a chunked
///   body, chunk data, chunk extensions and trailers count together. A chunk size too large
///   for the cap is `413`, never an overflow.
/// - `Transfer-Encoding` must be exactly `chunked` (case-insensitive); anything else answers
///   `501 not_implemented`.
/// - A request's head must arrive within ``Configuration/headTimeout`` of its first byte and
///   its body within ``Configuration/bodyTimeout`` of the head: deadlines that a trickle of
///   bytes does not extend. Past one the answer is `408 request_timeout` (when the client can
///   still receive it).
/// - A response not written within ``Configuration/writeTimeout`` (a client that does not
///   read) is abandoned.
/// - A connection past ``Configuration/maxConnections`` gets `503 server_busy` from the accept
///   thread at once, without a thread of its own.
///
/// After an error answer (400, 408, 413, 421, 431, 501, 505) the connection closes.
///
/// With ``Configuration/hostPolicy`` set to ``HostPolicy/serverNames(_:)``, a request needs
/// exactly one well-formed `Host` (`400 malformed_request`) naming the server
/// (`421 misdirected_request`), checked before anything else. Response headers a handler sets
/// are checked before they are written: a name that is not an RFC 9110 token, or a value with
/// CR, LF, NUL or another control character (tab aside), replaces the whole response by
/// `500 invalid_response_header` without the handler's headers, so a value copied from a
/// request can never split the response or add a header of its own.
public final class LoopbackServer: Sendable {
  /// A route handler; it may await (a database, a deliberate delay) and is cancelled by
  /// ``stop()``.
  public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
  /// The handler for requests no route takes; see ``setFallback(_:)``.
  public typealias Fallback = @Sendable (HTTPRequest, RouteMiss) async -> HTTPResponse

  /// The address the server listens on, e.g. `127.0.0.1`.
  public let host: String
  /// The port the server listens on; the OS's choice when 0 was asked for.
  public let port: UInt16
  /// `http://HOST:PORT`, without a trailing slash.
  public let baseURL: URL
  /// The limits the server was started with.
  public let configuration: Configuration

  private let core: ServerCore

  /// Starts a server listening on `host:port`.
  /// - Parameters:
  ///   - host: A dotted IPv4 address; loopback by default.
  ///   - port: The port, or 0 (the default) to let the OS pick a free one (see ``port``).
  ///   - configuration: Size limits and timeouts.
  /// - Throws: ``LoopbackServerError/invalidHost(_:)`` for a host that is not an IPv4
  ///   address, ``LoopbackServerError/socketFailed(call:errno:)`` when the socket cannot be
  ///   bound (e.g. the port is taken), ``LoopbackServerError/invalidHostName(_:)`` for a name
  ///   in ``Configuration/hostPolicy`` that is not a host.
  public init(
    host: String = "127.0.0.1", port: UInt16 = 0, configuration: Configuration = Configuration()
  ) throws(LoopbackServerError) {
    let acceptedHosts = try HostName.accepted(by: configuration.hostPolicy, listeningOn: host)
    let (descriptor, boundPort) = try Socket.listen(
      host: host, port: port, backlog: configuration.backlog)
    guard let url = URL(string: "http://\(host):\(boundPort)") else {
      Socket.close(descriptor)
      throw .invalidHost(host)
    }
    self.host = host
    self.port = boundPort
    self.baseURL = url
    self.configuration = configuration
    self.core = ServerCore(
      listener: descriptor, configuration: configuration, acceptedHosts: acceptedHosts)
    core.startAccepting()
  }

  deinit {
    // No waiting here: the last reference may be dropped on one of the server's own threads.
    core.stop(waitUntil: nil)
  }

  /// Adds a route, replacing any route with the same method and pattern.
  ///
  /// A pattern is a path whose `{name}` segments each capture one path segment into
  /// ``HTTPRequest/pathParameters``: `/v1/rides/{id}/accept`. When several patterns match,
  /// the one with the fewest parameters wins. A `GET` route also answers `HEAD`.
  /// - Parameters:
  ///   - method: The method the route answers.
  ///   - pattern: The path pattern.
  ///   - handler: Builds the response.
  public func route(_ method: HTTPMethod, _ pattern: String, _ handler: @escaping Handler) {
    core.router.add(method, pattern, handler)
  }

  /// Replaces the handler for requests no route takes (the HTTP contract's 404 and 405 by default).
  /// - Parameter fallback: Builds the response from the request and why it missed.
  public func setFallback(_ fallback: @escaping Fallback) {
    core.router.setFallback(fallback)
  }

  /// Stops the server: closes the listener and every open connection, cancels running
  /// handlers (their connections close without an answer), and waits (up to
  /// ``Configuration/shutdownTimeout``) for the server's own threads to end. It never waits for
  /// a handler task, so calling it from async code cannot starve the cooperative pool. Safe
  /// to call more than once; new connections are refused once it returns.
  public func stop() {
    core.stop(waitUntil: Date(timeIntervalSinceNow: configuration.shutdownTimeout))
  }

  /// Whether the server still accepts connections (false once ``stop()`` was called).
  public var isRunning: Bool { !core.isStopping }

  /// How many connections the server has served so far; those turned away past
  /// ``Configuration/maxConnections`` are not counted.
  public var connectionCount: Int { core.counters.connections }

  /// How many requests reached a handler (a route or the fallback) so far.
  public var requestCount: Int { core.counters.requests }
}

import Foundation

extension LoopbackServer {
  /// Size limits, deadlines and the connection cap of a server.
  ///
  /// The defaults follow the HTTP contract's rules for slow or greedy clients; tests pass short
  /// values.
  public struct Configuration: Sendable {
    /// The largest request body accepted; a larger one answers `413 body_too_large` and the
    /// connection closes. For a chunked body, chunk data, chunk extensions (every byte of a
    /// chunk-size line but the size's significant digits) and trailer lines count together.
    /// 64 KiB by default, as the HTTP contract asks.
    public var maxBodyBytes: Int
    /// The largest request line plus headers accepted; more answers `431 headers_too_large`.
    public var maxHeaderBytes: Int
    /// How long a connection may wait for the first byte of a request (the next request on a
    /// kept-alive connection, or the first one on a new connection) before the server closes
    /// it without an answer, in seconds.
    public var idleTimeout: TimeInterval
    /// How long ``LoopbackServer/stop()`` waits for the server's threads, in seconds.
    public var shutdownTimeout: TimeInterval
    /// The listen backlog: connections the OS queues before the server accepts them.
    public var backlog: Int32
    /// Whether a `HEAD` request to a path with a `GET` route is answered by that route (HTTP's
    /// usual rule); when false it is another method, `405 method_not_allowed`, as the HTTP contract
    /// reads.
    public var headUsesGetRoute: Bool
    /// The deadline for a request's head, in seconds from its first byte: a deadline, not an
    /// idle timer, so a client sending a byte now and then is cut off all the same. Past it the
    /// server answers `408 request_timeout` (when it still can) and closes the connection.
    public var headTimeout: TimeInterval
    /// The deadline for a request's body, in seconds from the end of its head; past it the
    /// server answers `408 request_timeout` (when it still can) and closes the connection.
    public var bodyTimeout: TimeInterval
    /// The deadline for writing one response, in seconds: a client that does not read gets
    /// its connection closed then, instead of holding a thread.
    public var writeTimeout: TimeInterval
    /// The most connections served at once. A connection past the cap gets
    /// `503 server_busy` (written at once, never waited on) and is closed, without a thread.
    public var maxConnections: Int
    /// Which `Host` a request must name; ``HostPolicy/any`` (no check) by default. Checked
    /// before routing and before the body is read, so a misdirected request gets its `421`
    /// (or `400`) before a route's `404`, `405` or `413`.
    public var hostPolicy: HostPolicy

    /// Creates a configuration.
    /// - Parameters:
    ///   - maxBodyBytes: The body cap; 64 KiB by default.
    ///   - maxHeaderBytes: The head cap; 16 KiB by default.
    ///   - idleTimeout: Seconds a connection may wait for a request's first byte; 30 by
    ///     default.
    ///   - shutdownTimeout: Seconds ``LoopbackServer/stop()`` waits; 5 by default.
    ///   - backlog: The listen backlog; 128 by default.
    ///   - headUsesGetRoute: Whether `GET` routes answer `HEAD` too; true by default.
    ///   - headTimeout: Seconds from a request's first byte to the end of its head; 10 by
    ///     default.
    ///   - bodyTimeout: Seconds from the end of a head to the end of its body; 30 by default.
    ///   - writeTimeout: Seconds to write one response; 10 by default.
    ///   - maxConnections: Connections served at once; 256 by default.
    ///   - hostPolicy: Which `Host` a request must name; any by default.
    public init(
      maxBodyBytes: Int = 64 * 1024, maxHeaderBytes: Int = 16 * 1024,
      idleTimeout: TimeInterval = 30, shutdownTimeout: TimeInterval = 5, backlog: Int32 = 128,
      headUsesGetRoute: Bool = true, headTimeout: TimeInterval = 10,
      bodyTimeout: TimeInterval = 30, writeTimeout: TimeInterval = 10, maxConnections: Int = 256,
      hostPolicy: HostPolicy = .any
    ) {
      self.maxBodyBytes = maxBodyBytes
      self.maxHeaderBytes = maxHeaderBytes
      self.idleTimeout = idleTimeout
      self.shutdownTimeout = shutdownTimeout
      self.backlog = backlog
      self.headUsesGetRoute = headUsesGetRoute
      self.headTimeout = headTimeout
      self.bodyTimeout = bodyTimeout
      self.writeTimeout = writeTimeout
      self.maxConnections = maxConnections
      self.hostPolicy = hostPolicy
    }
  }
}

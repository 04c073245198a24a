import Foundation

extension LoopbackServer {
  /// Size limits and timeouts of a server.
  public struct Configuration: Sendable {
    /// The largest request body accepted; a larger one answers `413 body_too_large`.
    /// 64 KiB by default, as API.md asks.
    public var maxBodyBytes: Int
    /// The largest request line plus headers accepted; more answers `431 headers_too_large`.
    public var maxHeaderBytes: Int
    /// How long a connection may wait for the next bytes of a request (or the next request on
    /// a kept-alive connection) before the server closes it, in seconds.
    public var idleTimeout: TimeInterval
    /// How long ``LoopbackServer/stop()`` waits for the server's threads, in seconds.
    public var shutdownTimeout: TimeInterval
    /// The listen backlog: connections the OS queues before the server accepts them.
    public var backlog: Int32
    /// Whether a `HEAD` request to a path with a `GET` route is answered by that route (HTTP's
    /// usual rule); when false it is another method, `405 method_not_allowed`, as API.md reads.
    public var headUsesGetRoute: Bool

    /// Creates a configuration.
    /// - Parameters:
    ///   - maxBodyBytes: The body cap; 64 KiB by default.
    ///   - maxHeaderBytes: The head cap; 16 KiB by default.
    ///   - idleTimeout: Seconds a connection may sit idle; 30 by default.
    ///   - shutdownTimeout: Seconds ``LoopbackServer/stop()`` waits; 5 by default.
    ///   - backlog: The listen backlog; 128 by default.
    ///   - headUsesGetRoute: Whether `GET` routes answer `HEAD` too; true by default.
    public init(
      maxBodyBytes: Int = 64 * 1024, maxHeaderBytes: Int = 16 * 1024,
      idleTimeout: TimeInterval = 30, shutdownTimeout: TimeInterval = 5, backlog: Int32 = 128,
      headUsesGetRoute: Bool = true
    ) {
      self.maxBodyBytes = maxBodyBytes
      self.maxHeaderBytes = maxHeaderBytes
      self.idleTimeout = idleTimeout
      self.shutdownTimeout = shutdownTimeout
      self.backlog = backlog
      self.headUsesGetRoute = headUsesGetRoute
    }
  }
}

import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real transport: one `URLSession` data task per attempt. It moves bytes only (see
/// <doc:ThePipeline>): one request, no redirect followed, the answer handed to the receiver.
///
/// With its own session (`init()`), it reads every answer through the session's delegate:
/// the head and each piece of the body go to the receiver as they arrive (after content
/// decoding), and the task is cancelled the moment the receiver refuses one. The delegate
/// refuses every redirect, so a `3xx` answer is what the pipeline's redirect stage sees.
///
/// On Linux, FoundationNetworking hands body data to the delegate asynchronously, without
/// flow control: libcurl may read (and inflate) ahead of the count before the cancellation
/// lands, so the memory an oversized answer costs is bounded by that lag, not by the limit
/// (hundreds of MiB, measured with `swift run -c release bench transfer`). That is why
/// ``DefaultHTTPTransport`` there is ``CurlTransport``, which counts in libcurl's own callback.
///
/// With a session of yours (`init(session:)`), your session's delegate decides about
/// redirects (URLSession follows them by default, with the original headers, before the
/// pipeline sees an answer) and the receiver gets the whole body once it has arrived, so the
/// limit holds only after the fact: give it a delegate that refuses redirects, or use
/// `init()`.
///
/// Cancelling the calling task cancels the data task at once on every platform, and a
/// timeout bounds the whole exchange, not only the idle time between packets.
///
/// Loopback: a request to `localhost`, 127.0.0.0/8 or `::1` never goes through a proxy (one
/// would read its passwords and tokens in clear). With its own session the transport sends
/// those through a second session whose `connectionProxyDictionary` turns every proxy off.
/// FoundationNetworking ignores that dictionary and its libcurl follows `http_proxy` and
/// `all_proxy`, so on Linux, while the environment names a proxy, loopback requests go
/// through ``CurlTransport`` instead, with either kind of session. A session of yours on
/// Apple platforms keeps its own proxy settings.
///
/// ```swift
/// let transport = URLSessionTransport()              // ephemeral, no cache, no cookies
/// let client = NetworkClient(baseURL: url, transport: transport)
/// ```
public final class URLSessionTransport: HTTPTransport {
  /// The session every request goes through (but see "Loopback" above).
  public let session: URLSession
  private let ownsSession: Bool
  /// The delegate of a session this transport made; `nil` for a caller's session.
  private let delegate: SessionDelegate?
  /// Where loopback requests go when this transport made its session on a platform that
  /// reads `connectionProxyDictionary`: the same settings with every proxy off.
  private let loopback: (session: URLSession, delegate: SessionDelegate)?
  private let deadlines = DeadlineTimer()
  #if canImport(CCurl)
    /// Sends loopback requests while the environment names a proxy (see "Loopback").
    private let direct = CurlTransport()
  #endif

  /// The most connections the default session opens to one host, enough for a batch of
  /// requests to run side by side.
  public static let defaultMaximumConnectionsPerHost = 16

  /// Makes a transport over a new session: ephemeral, no response cache and no cookies (the
  /// API authenticates with bearer tokens), `defaultMaximumConnectionsPerHost` connections,
  /// answers read as they arrive (limits enforced while they do, redirects never followed),
  /// and no proxy for loopback hosts.
  public convenience init() {
    let (session, delegate) = Self.makeSession(proxies: true)
    #if canImport(FoundationNetworking)
      // FoundationNetworking never reads connectionProxyDictionary: `send` routes instead.
      let loopback: (session: URLSession, delegate: SessionDelegate)? = nil
    #else
      let loopback: (session: URLSession, delegate: SessionDelegate)? =
        Self.makeSession(proxies: false)
    #endif
    self.init(session: session, owned: true, delegate: delegate, loopback: loopback)
  }

  /// Makes a transport over a session the caller keeps and invalidates. Its delegate, not
  /// this transport or the pipeline, decides about redirects (URLSession follows them by
  /// default), and the whole body reaches the receiver at once, so limits hold after the fact.
  /// - Parameter session: the session to send requests through.
  public convenience init(session: URLSession) {
    self.init(session: session, owned: false, delegate: nil, loopback: nil)
  }

  private init(
    session: URLSession, owned: Bool, delegate: SessionDelegate?,
    loopback: (session: URLSession, delegate: SessionDelegate)?
  ) {
    self.session = session
    self.ownsSession = owned
    self.delegate = delegate
    self.loopback = loopback
  }

  /// A session of this transport's own, read through a `SessionDelegate` of its own (task
  /// identifiers are per session), with the system's proxies or with none.
  private static func makeSession(proxies: Bool)
    -> (session: URLSession, delegate: SessionDelegate)
  {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpMaximumConnectionsPerHost = Self.defaultMaximumConnectionsPerHost
    if !proxies {
      // CFNetwork's keys (kCFNetworkProxiesHTTPEnable, …), spelled out because iOS does not
      // export the constants; an empty dictionary already means "no proxy".
      configuration.connectionProxyDictionary = [
        "HTTPEnable": 0, "HTTPSEnable": 0, "SOCKSEnable": 0, "ProxyAutoConfigEnable": 0,
        "ProxyAutoDiscoveryEnable": 0,
      ]
    }
    let delegate = SessionDelegate()
    let queue = OperationQueue()
    queue.maxConcurrentOperationCount = 1
    let session = URLSession(
      configuration: configuration, delegate: delegate, delegateQueue: queue)
    return (session: session, delegate: delegate)
  }

  deinit {
    if ownsSession { session.finishTasksAndInvalidate() }
    loopback?.session.finishTasksAndInvalidate()
  }

  /// The session's own (idle) timeout for a request limited to `timeout`. The exact limit
  /// is the exchange's timer; this is only a backstop, kept above it because
  /// swift-corelibs-foundation truncates it to whole seconds (0.2 s would fire at once).
  static func idleTimeout(for timeout: Duration) -> TimeInterval {
    timeout.seconds.rounded(.up) + 1
  }

  /// Sends `request` once within the default limits (4 MiB, no redirect followed), through
  /// the byte-level stages (`send(_:timeout:limits:)`).
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
  ///     `timeoutInterval` only.
  /// - Returns: the body and the HTTP response.
  /// - Throws: `.cancelled`, `.timeout`, `.transport`, `.responseTooLarge`, or
  ///   `.unexpectedResponse` when the answer is not HTTP.
  public func send(_ request: URLRequest, timeout: Duration?) async throws(NetworkError)
    -> (Data, HTTPURLResponse)
  {
    try await send(request, timeout: timeout, limits: .default)
  }

  /// Sends `request` once and hands the answer to `receiver` as the session delivers it.
  /// A request naming no `Accept-Encoding` asks for `identity`, so the session never inflates
  /// an answer ahead of the receiver's count.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest the whole exchange may take, or `nil` for the request's own
  ///     `timeoutInterval` only.
  ///   - receiver: takes the head and the body; an error it throws cancels the task.
  /// - Returns: the HTTP response (a `3xx` one: no redirect is followed, with `init()`).
  /// - Throws: the receiver's error, `.cancelled`, `.timeout`, `.transport`, or
  ///   `.unexpectedResponse` when the answer is not HTTP.
  public func send(
    _ request: URLRequest, timeout: Duration?, to receiver: any ResponseReceiver
  ) async throws(NetworkError) -> HTTPURLResponse {
    let isLoopback = request.url?.host.map(URLPolicy.isLoopback) ?? false
    #if canImport(CCurl)
      // FoundationNetworking's libcurl reads http_proxy and all_proxy for every transfer and
      // cannot be told otherwise; CurlTransport can, with the same rules.
      if isLoopback, ProxyEnvironment.namesProxy() {
        return try await direct.send(request, timeout: timeout, to: receiver)
      }
    #endif
    let session = isLoopback ? loopback?.session ?? self.session : self.session
    let delegate = isLoopback ? loopback?.delegate ?? self.delegate : self.delegate
    var request = request
    // URLSession asks for gzip itself and inflates ahead of any count; a direct caller naming
    // no encoding gets the answer as sent, as through the pipeline (ResponseReader).
    if request.value(forHTTPHeaderField: "Accept-Encoding") == nil {
      request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
    }
    if let timeout, request.timeoutInterval < Self.idleTimeout(for: timeout) {
      request.timeoutInterval = Self.idleTimeout(for: timeout)
    }
    let exchange = DataTaskExchange(deadlines: deadlines, receiver: receiver, request: request)
    let outcome = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        exchange.start(
          on: session, delegate: delegate, timeout: timeout, continuation: continuation)
      }
    } onCancel: {
      exchange.cancel(reason: .cancelled)
    }
    return try outcome.get()
  }
}

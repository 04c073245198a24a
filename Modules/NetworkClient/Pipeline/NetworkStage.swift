import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The rest of the pipeline below a stage: hand it an exchange, get the answer back.
public typealias NextStage =
  @Sendable (NetworkExchange) async throws(NetworkError) -> NetworkResponse

/// One rule of the client's pipeline: it sees each exchange on its way down to the transport
/// and each answer on its way back up, and may change the one, replace the other, call the
/// rest of the pipeline again, or answer without it. An app adds its own stages with
/// `NetworkClient(stages:)`; they run inside the retry stage (so they see every attempt,
/// retries included) and outside logging, redirects, the URL policy and the transfer rules
/// (see <doc:ThePipeline>).
///
/// ```swift
/// struct RequestID: NetworkStage {
///   func send(_ exchange: NetworkExchange, next: NextStage)
///     async throws(NetworkError) -> NetworkResponse
///   {
///     var exchange = exchange
///     exchange.request.setValue(UUID().uuidString, forHTTPHeaderField: "X-Request-ID")
///     return try await next(exchange)
///   }
/// }
/// let url = URL(string: "https://api.example.com")!
/// let client = NetworkClient(baseURL: url, stages: [RequestID()])
/// ```
public protocol NetworkStage: Sendable {
  /// Handles one exchange: usually changes it, calls `next`, and looks at the answer.
  /// - Parameters:
  ///   - exchange: the request and the settings it is sent with.
  ///   - next: the rest of the pipeline, down to the transport.
  /// - Returns: the answer, any status (the client turns a non-2xx one into `.http` at the
  ///   top, for `response(for:)`).
  /// - Throws: a `NetworkError`: `next`'s, or the stage's own.
  func send(_ exchange: NetworkExchange, next: NextStage)
    async throws(NetworkError) -> NetworkResponse
}

/// One request on its way through the pipeline, with the settings its stages read.
public struct NetworkExchange: Sendable {
  /// The complete request: URL, method, headers and body. The authorization stage adds the
  /// bearer token, the transfer stage `Accept-Encoding: identity` unless it names its own.
  public var request: URLRequest
  /// The longest one attempt may take, redirects included, or `nil` for no limit.
  public var timeout: Duration?
  /// The largest answer and the redirect rule.
  public var limits: TransferLimits
  /// When the retry stage sends the request again.
  public var retryPolicy: RetryPolicy
  /// Whether the authorization stage adds the bearer token (and renews it once).
  public var requiresAuthorization: Bool
  /// Whether the body carries credentials, so that no log line shows it.
  public var carriesCredentials: Bool
  /// Which attempt this is below the retry stage: 0 for the first, 1 for the first retry.
  public var attempt: Int

  /// Makes an exchange; the client makes one from each ``Endpoint``.
  /// - Parameters:
  ///   - request: the complete request.
  ///   - timeout: the longest one attempt may take, or `nil`.
  ///   - limits: the largest answer and the redirect rule.
  ///   - retryPolicy: when the request is sent again.
  ///   - requiresAuthorization: whether to send the bearer token.
  ///   - carriesCredentials: whether the body is never shown in a log.
  public init(
    request: URLRequest, timeout: Duration?, limits: TransferLimits = .default,
    retryPolicy: RetryPolicy = .default, requiresAuthorization: Bool = false,
    carriesCredentials: Bool = false
  ) {
    self.request = request
    self.timeout = timeout
    self.limits = limits
    self.retryPolicy = retryPolicy
    self.requiresAuthorization = requiresAuthorization
    self.carriesCredentials = carriesCredentials
    attempt = 0
  }

  /// The request's method.
  public var method: HTTPMethod { HTTPMethod(rawValue: request.httpMethod ?? "GET") }
}

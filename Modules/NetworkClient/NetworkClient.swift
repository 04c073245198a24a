import Foundation

/// Sends requests to one server (an environment: its base URL) and turns the answers into
/// values or typed errors: authorization with renewal, retries with backoff, timeouts,
/// cancellation, and the refusal of unencrypted HTTP to hosts that are not loopback.
///
/// Each rule is one stage of one pipeline, applied in this order over any transport
/// (outermost first; <doc:ThePipeline> says why): authorization (bearer token, one renewal on
/// a rejected token) → retry (policy, backoff, `Retry-After`) → the app's own `stages` →
/// logging (one redacted line per attempt) → redirects (refused, or same-origin without
/// credentials) → URL policy (every URL contacted) → transfer rules (identity encoding, the
/// body counted as it arrives) → the transport, which only moves bytes.
///
/// ```swift
/// struct MeRequest: DefaultRequest {
///   typealias Result = User
///   var path: String { "/v1/users/me" }
///   var requiresAuthorization: Bool { true }
/// }
///
/// let client = NetworkClient(baseURL: URL(string: "https://api.example.com")!,
///                            authorization: tokens)   // your AuthorizationProvider
/// let me = try await MeRequest().perform(on: client)
/// ```
public final class NetworkClient: Sendable {
  /// The server's base URL; request paths are appended to it.
  public let baseURL: URL
  /// What sends each attempt.
  public let transport: any HTTPTransport
  /// Headers sent with every request, unless the request sets the same name.
  public let defaultHeaders: [String: String]
  /// Where access tokens for authorized requests come from.
  public let authorization: (any AuthorizationProvider)?
  /// Called once for each authorized request whose credentials are rejected after a
  /// renewal, and when a renewal is refused.
  public let onUnauthorized: (@Sendable (NetworkError) async -> Void)?
  /// Says whether a failed answer to an authorized request rejected its credentials (the
  /// client then renews the token once and retries); any `401` unless the service says more.
  public let rejectsCredentials: CredentialRejectionCheck
  /// Whether plain `http://` may go to hosts that are not loopback.
  public let allowsInsecureHTTP: Bool
  /// The retry policy of requests that do not name their own.
  public let retryPolicy: RetryPolicy
  /// The time limit of one attempt for requests that do not name their own.
  public let timeout: Duration?
  /// The largest answer and the redirect rule for requests that do not name their own:
  /// 4 MiB, and a `3xx` is the answer (no credential follows a redirect).
  public let limits: TransferLimits
  /// The clock retry waits sleep on; tests inject one that records the waits.
  public let clock: any Clock<Duration>
  /// Receives one line per attempt (method, URL, headers, body, outcome) with every secret
  /// redacted; `nil` logs nothing.
  public let logger: (@Sendable (String) -> Void)?
  /// The app's own stages, outermost first, between the retry and logging stages.
  public let stages: [any NetworkStage]

  let baseProblem: NetworkError?
  let baseString: String
  let baseHeaders: [String: String]
  let pipeline: Pipeline

  /// Makes a client.
  /// - Parameters:
  ///   - baseURL: the server, e.g. `https://api.koober.example` or `http://127.0.0.1:8080`.
  ///   - transport: what sends requests; a new `URLSessionTransport` by default.
  ///   - defaultHeaders: headers for every request.
  ///   - authorization: where bearer tokens come from, for requests that need an account.
  ///   - onUnauthorized: called when an authorized request's credentials are rejected after
  ///     a renewal, or the renewal is refused.
  ///   - rejectsCredentials: whether a failed authorized answer rejected the credentials;
  ///     any `401` by default.
  ///   - allowsInsecureHTTP: allow `http://` to hosts that are not loopback (never in
  ///     production: tokens and passwords would travel in clear).
  ///   - retryPolicy: the default retry policy.
  ///   - timeout: the default time limit of one attempt (60 s); `nil` for none.
  ///   - limits: the default largest answer and redirect rule (4 MiB, none followed).
  ///   - clock: the clock for retry waits.
  ///   - logger: receives redacted log lines.
  ///   - stages: the app's own stages, outermost first; they see every attempt, retries
  ///     included, and run outside logging, redirects, the URL policy and the transfer rules.
  public init(
    baseURL: URL,
    transport: any HTTPTransport = DefaultHTTPTransport(),
    defaultHeaders: [String: String] = [:],
    authorization: (any AuthorizationProvider)? = nil,
    onUnauthorized: (@Sendable (NetworkError) async -> Void)? = nil,
    rejectsCredentials: @escaping CredentialRejectionCheck = NetworkClient.anyUnauthorized,
    allowsInsecureHTTP: Bool = false,
    retryPolicy: RetryPolicy = .default,
    timeout: Duration? = .seconds(60),
    limits: TransferLimits = .default,
    clock: any Clock<Duration> = ContinuousClock(),
    logger: (@Sendable (String) -> Void)? = nil,
    stages: [any NetworkStage] = []
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.defaultHeaders = defaultHeaders
    self.authorization = authorization
    self.onUnauthorized = onUnauthorized
    self.rejectsCredentials = rejectsCredentials
    self.allowsInsecureHTTP = allowsInsecureHTTP
    self.retryPolicy = retryPolicy
    self.timeout = timeout
    self.limits = limits
    self.clock = clock
    self.logger = logger
    self.stages = stages
    let problem = URLPolicy.problem(with: baseURL, allowsInsecureHTTP: allowsInsecureHTTP)
    baseProblem = problem
    var base = baseURL.absoluteString
    while base.hasSuffix("/") { base.removeLast() }
    baseString = base
    pipeline = .client(
      authorization: AuthorizationStage(
        provider: authorization, onUnauthorized: onUnauthorized,
        rejectsCredentials: rejectsCredentials),
      clock: clock, appStages: stages, logger: logger, allowsInsecureHTTP: allowsInsecureHTTP,
      checkedBase: problem == nil ? base + "/" : nil, transport: transport)
    baseHeaders = ["Accept": "application/json"].merging(defaultHeaders) { _, custom in custom }
  }

  /// A copy of this client, same transport, settings and stages, with another authorization
  /// provider, unauthorized hook and credential check. Lets a service make its authorized
  /// client after the object that provides tokens exists.
  /// - Parameters:
  ///   - authorization: the token provider.
  ///   - onUnauthorized: the hook for credentials rejected after a renewal.
  ///   - rejectsCredentials: the service's reading of a failed authorized answer; this
  ///     client's own when `nil`.
  /// - Returns: the new client.
  public func with(
    authorization: (any AuthorizationProvider)?,
    onUnauthorized: (@Sendable (NetworkError) async -> Void)?,
    rejectsCredentials: CredentialRejectionCheck? = nil
  ) -> NetworkClient {
    NetworkClient(
      baseURL: baseURL, transport: transport, defaultHeaders: defaultHeaders,
      authorization: authorization, onUnauthorized: onUnauthorized,
      rejectsCredentials: rejectsCredentials ?? self.rejectsCredentials,
      allowsInsecureHTTP: allowsInsecureHTTP, retryPolicy: retryPolicy, timeout: timeout,
      limits: limits, clock: clock, logger: logger, stages: stages)
  }
}

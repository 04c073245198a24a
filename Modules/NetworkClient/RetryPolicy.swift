import Foundation

/// When and how long to wait before sending a failed request again. The defaults follow
/// Alamofire's retry policy: at most 2 retries, exponential backoff from 0.5 s with jitter,
/// idempotent methods only, for 408/429/500/502/503/504 and connection-level failures.
///
/// ```swift
/// let client = NetworkClient(baseURL: url, retryPolicy: RetryPolicy(maxRetries: 4))
/// struct Upload: DefaultRequest { var retryPolicy: RetryPolicy? { .none } … }
/// ```
public struct RetryPolicy: Sendable, Equatable {
  /// How many times a request may be sent again after its first attempt.
  public var maxRetries: Int
  /// The wait before the first retry; each later retry waits `multiplier` times longer.
  public var baseDelay: Duration
  /// The growth factor of the wait between retries.
  public var multiplier: Double
  /// How much each wait varies at random, as a fraction of it (0 = none, 0.25 = ±25 %), so
  /// that many clients failing together do not come back together.
  public var jitter: Double
  /// The longest wait between two attempts, for backoff and for `Retry-After`. A server that
  /// asks for a longer wait gets no retry: the caller sees its answer at once.
  public var maxDelay: Duration
  /// The methods that may be retried.
  public var methods: Set<HTTPMethod>
  /// The HTTP statuses that may be retried.
  public var statuses: Set<Int>
  /// Whether connection-level failures (offline, DNS, refused, lost) may be retried.
  public var retriesConnectionFailures: Bool

  /// Makes a policy; every parameter defaults to the Alamofire-like default.
  /// - Parameters:
  ///   - maxRetries: retries after the first attempt (2).
  ///   - baseDelay: the first wait (0.5 s).
  ///   - multiplier: the growth of each later wait (2).
  ///   - jitter: the random variation of each wait, as a fraction (0.25).
  ///   - maxDelay: the longest wait, also the cap on `Retry-After` (30 s).
  ///   - methods: the methods that may be retried (the idempotent ones).
  ///   - statuses: the statuses that may be retried (408, 429, 500, 502, 503, 504).
  ///   - retriesConnectionFailures: whether connection-level failures may be retried (yes).
  public init(
    maxRetries: Int = 2,
    baseDelay: Duration = .milliseconds(500),
    multiplier: Double = 2,
    jitter: Double = 0.25,
    maxDelay: Duration = .seconds(30),
    methods: Set<HTTPMethod> = HTTPMethod.idempotent,
    statuses: Set<Int> = [408, 429, 500, 502, 503, 504],
    retriesConnectionFailures: Bool = true
  ) {
    self.maxRetries = max(0, maxRetries)
    self.baseDelay = max(.zero, baseDelay)
    self.multiplier = max(1, multiplier)
    self.jitter = min(1, max(0, jitter))
    self.maxDelay = max(.zero, maxDelay)
    self.methods = methods
    self.statuses = statuses
    self.retriesConnectionFailures = retriesConnectionFailures
  }

  /// The Alamofire-like default described on the type.
  public static let `default` = RetryPolicy()

  /// Never retry.
  public static let none = RetryPolicy(maxRetries: 0)

  /// The backoff wait before retry number `retry` (0 for the first retry), jitter included.
  /// - Parameter retry: how many retries came before this one.
  /// - Returns: the wait, at most `maxDelay`.
  public func delay(beforeRetry retry: Int) -> Duration {
    let exponent = Double(min(max(0, retry), 62))
    let base = baseDelay.seconds * pow(multiplier, exponent)
    let varied = jitter == 0 ? base : base * Double.random(in: (1 - jitter)...(1 + jitter))
    guard varied.isFinite, varied < maxDelay.seconds else { return maxDelay }
    return .seconds(varied)
  }

  /// Whether `failure` of a request with `method` may be retried under this policy.
  /// - Parameters:
  ///   - failure: what went wrong with the last attempt.
  ///   - method: the request's method.
  /// - Returns: `true` when a retry is allowed (the retry count is checked separately).
  public func allowsRetry(of failure: NetworkError, method: HTTPMethod) -> Bool {
    guard methods.contains(method) else { return false }
    switch failure {
    case .http(let status, _): return statuses.contains(status)
    case .transport(let transport): return retriesConnectionFailures && transport.isConnectionLevel
    default: return false
    }
  }
}

extension Duration {
  /// The duration in seconds, as a `Double`.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}

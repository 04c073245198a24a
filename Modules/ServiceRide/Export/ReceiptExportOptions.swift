import NetworkClient

/// How the receipts export runs its batch: how many receipts are asked for at
/// once, and how a failed one is retried.
///
/// ```swift
/// let options = ReceiptExportOptions(maxConcurrent: 2, retryPolicy: RetryPolicy(maxRetries: 1))
/// ```
public struct ReceiptExportOptions: Sendable, Equatable {
  /// The most receipt requests in flight at once (at least 1).
  public var maxConcurrent: Int
  /// How each receipt request is retried (GET is idempotent, so 5xx and lost connections are
  /// retried), or `nil` for the client's policy.
  public var retryPolicy: RetryPolicy?

  /// Makes the options.
  /// - Parameters:
  ///   - maxConcurrent: The most requests at once; 4 by default.
  ///   - retryPolicy: The retry policy; `nil` (the client's) by default.
  public init(maxConcurrent: Int = 4, retryPolicy: RetryPolicy? = nil) {
    self.maxConcurrent = max(1, maxConcurrent)
    self.retryPolicy = retryPolicy
  }
}

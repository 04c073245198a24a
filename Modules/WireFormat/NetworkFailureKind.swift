/// What kind of failure ended a request, said once for every failure type above the network:
/// NetworkClient classifies each `NetworkError` into one kind (`NetworkError.kind`), and
/// LoginCore's `AuthFailure(_:detail:)` and ServiceRide's `RideError` each turn a kind into
/// their own case, so a cancelled request or a failing server reads alike everywhere.
///
/// It lives here, below both NetworkClient and LoginCore, because LoginCore must not link the
/// network (logic tests link LoginCore alone) and NetworkClient must not know `AuthFailure`.
/// An adapter reads its own protocol's error body first; the kind is for everything else.
///
/// ```swift
/// switch error.kind {
/// case .cancelled: return              // the caller gave up; nothing to show
/// case .noConnection: showOfflineBanner()
/// default: show(error.message)
/// }
/// ```
public enum NetworkFailureKind: Sendable, Equatable, Hashable {
  /// The calling task was cancelled: the caller gave up, no verdict was reached.
  case cancelled
  /// No HTTP answer: offline, the host unknown or refusing, the connection lost, TLS failed.
  case noConnection
  /// No answer in time.
  case timeout
  /// The request needs an account and no access token could be had.
  case noCredentials
  /// The server answered a status that says it failed for now (5xx, 408, 429): trying again
  /// later may work.
  case serverFailure(status: Int)
  /// The server answered any other non-2xx status (a 3xx, which is never followed, a 4xx, a
  /// 1xx) and nothing the caller could read.
  case unexpectedStatus(status: Int)
  /// A 2xx answer that could not be used: a body that does not decode, that the request
  /// refused, or that grew past the size limit.
  case unreadableAnswer
  /// Refused on this device before anything was sent: the URL breaks the policy (invalid,
  /// insecure, user information in it) or the body could not be encoded.
  case notSent

  /// Classifies a non-2xx HTTP status.
  /// - Parameter status: The status the server answered.
  /// - Returns: `.serverFailure` for 5xx, 408 and 429, else `.unexpectedStatus`.
  public init(status: Int) {
    self =
      status >= 500 && status < 600 || status == 408 || status == 429
      ? .serverFailure(status: status) : .unexpectedStatus(status: status)
  }

  /// The HTTP status of the answer, for the two kinds that had one, else `nil`.
  public var status: Int? {
    switch self {
    case .serverFailure(let status), .unexpectedStatus(let status): status
    default: nil
    }
  }
}

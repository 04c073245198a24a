import WireFormat

extension NetworkError {
  /// The kind of failure, as every failure type above the network reads it.
  public typealias Kind = NetworkFailureKind

  /// The one classification of this error that `AuthFailure(_:detail:)` and `RideError` both
  /// switch on, so they agree: cancelled is cancelled, every transport failure (TLS too) is
  /// no connection, a 5xx, 408 or 429 is a server failing for now whatever its body, any
  /// other status an unexpected answer.
  public var kind: Kind {
    switch self {
    case .cancelled: .cancelled
    case .transport: .noConnection
    case .timeout: .timeout
    case .authorizationUnavailable: .noCredentials
    case .http(let status, _): Kind(status: status)
    case .decoding, .unexpectedResponse, .responseTooLarge: .unreadableAnswer
    case .invalidURL, .insecureURL, .userInfoInURL, .encoding: .notSent
    }
  }
}

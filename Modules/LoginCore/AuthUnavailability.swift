/// Why a server could not answer: the `.unavailable` half of `AuthFailure`. None of these
/// ends a session.
public enum AuthUnavailability: Sendable, Equatable, Hashable {
  /// No connection: offline, the host unknown or refusing connections, TLS failed.
  case offline
  /// No answer in time.
  case timeout
  /// The server is overloaded and asks to try again after this many seconds.
  case busy(retryAfterSeconds: Int)
  /// The server failed, or answered something the adapter cannot read; the text says what.
  case serverTrouble(String)

  /// A stable snake_case code.
  public var code: String {
    switch self {
    case .offline: "offline"
    case .timeout: "timeout"
    case .busy: "server_busy"
    case .serverTrouble: "server_trouble"
    }
  }

  /// One sentence for a developer.
  public var message: String {
    switch self {
    case .offline: "The server cannot be reached."
    case .timeout: "The server did not answer in time."
    case .busy(let seconds): "The server is busy; try again in \(seconds) seconds."
    case .serverTrouble(let detail): "The server had a problem: \(detail)"
    }
  }
}

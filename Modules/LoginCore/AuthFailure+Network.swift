import WireFormat

/// The one table from a network failure to an `AuthFailure`, for every adapter.
///
/// An adapter reads its own protocol's error body first (an API's error envelope, OAuth's
/// `error`) and hands everything else here, as `AuthFailure(error.kind, detail: …)`. LoginCore
/// links no network, so the table switches on `NetworkFailureKind` (WireFormat): the
/// classification NetworkClient gives each `NetworkError`, which ServiceRide's `RideError`
/// reads too:
///
/// | kind                  | AuthFailure                          | RideError                     |
/// |-----------------------|--------------------------------------|-------------------------------|
/// | `.cancelled`          | `.refused(.signInCancelled)`         | `.cancelled`                  |
/// | `.noConnection` (TLS) | `.unavailable(.offline)`             | `.offline`                    |
/// | `.timeout`            | `.unavailable(.timeout)`             | `.timeout`                    |
/// | `.noCredentials`      | `.refused(.sessionEnded)`            | `.notSignedIn`                |
/// | `.serverFailure`      | `.unavailable(.unexpectedAnswer(_))` | `.serverUnavailable(status:)` |
/// | `.unexpectedStatus`   | `.unavailable(.unexpectedAnswer(_))` | `.serverTrouble(_)`           |
/// | `.unreadableAnswer`   | `.unavailable(.serverTrouble(_))`    | `.serverTrouble(_)`           |
/// | `.notSent`            | `.unavailable(.serverTrouble(_))`    | `.serverTrouble(_)`           |
///
/// A failing server (`.serverFailure`: 5xx, 408, 429, with or without a body) keeps its status
/// in both and says "try again later"; any other status (a 3xx, never followed, or a 4xx the
/// adapter could not read) is an unexpected answer with its status, and trouble for a ride.
///
/// A cancelled request is the caller giving up, never "offline": `.signInCancelled` is the
/// stack's one word for it (LoginLogicControl already ends a cancelled run so), and like every
/// failure but `.sessionEnded` it keeps the session.
extension AuthFailure {
  /// The failure a network failure of `kind` means, when the adapter's own protocol had
  /// nothing more precise to say.
  /// - Parameters:
  ///   - kind: The classification of the failure (`NetworkError.kind`).
  ///   - detail: What went wrong, for a log or a developer (never a token); `nil` says the
  ///     status, e.g. `the server answered HTTP 502.`, or the kind.
  public init(_ kind: NetworkFailureKind, detail: String? = nil) {
    switch kind {
    case .cancelled: self = .refused(.signInCancelled)
    case .noConnection: self = .unavailable(.offline)
    case .timeout: self = .unavailable(.timeout)
    // Only an authorized call can lack a token, and then there is no session to keep.
    case .noCredentials: self = .refused(.sessionEnded)
    case .serverFailure(let status), .unexpectedStatus(let status):
      self = .unavailable(
        .unexpectedAnswer(status: status, detail ?? "the server answered HTTP \(status)."))
    case .unreadableAnswer:
      self = .unavailable(.serverTrouble(detail ?? "the answer could not be read."))
    case .notSent:
      self = .unavailable(.serverTrouble(detail ?? "the request could not be sent as built."))
    }
  }
}

import KooberWire
import NetworkClient

/// How a network failure becomes a `RideError` (the table is on `RideError`).
///
/// A server's own explanation (`message` of Koober's error body) is written in the server's
/// language, English for Koober's: it is kept as the error's detail when the app speaks
/// English, and left out otherwise, so a Chinese sentence never ends in English. Its code
/// (`HTTP 418 teapot`) is kept in every language.
///
/// Everything but Koober's error envelope is read through `NetworkError.kind`, the one
/// classification LoginCore's `AuthFailure(_:detail:)` reads too, so a ride and a sign-in
/// agree on what a failure is: a cancelled request is `.cancelled` (`.signInCancelled` for an
/// account), never offline; every transport failure is `.offline` (`.offline`); a 5xx, 408 or
/// 429, with or without a body, `.serverUnavailable(status:)` (an account's
/// `.unexpectedAnswer(status:_:)`: both keep the status and say "try again later"); any other
/// status without the envelope `.serverTrouble(_)` (`.unexpectedAnswer(status:_:)`).
extension RideError {
  /// The ride error for a network failure.
  /// - Parameter error: What the network client threw.
  package init(_ error: NetworkError) {
    if case .http(let status, _) = error, let server = error.serverError {
      self = Self(status: status, server: server)
      return
    }
    self = Self(error.kind, detail: error.message)
  }

  /// The ride error for a failure of `kind`, the table `AuthFailure(_:detail:)` shares.
  /// - Parameters:
  ///   - kind: The classification of the failure.
  ///   - detail: What went wrong, shown after a colon for the kinds that carry one.
  init(_ kind: NetworkFailureKind, detail: String) {
    switch kind {
    case .cancelled: self = .cancelled
    case .noConnection: self = .offline
    case .timeout: self = .timeout
    case .noCredentials: self = .notSignedIn
    case .serverFailure(let status): self = .serverUnavailable(status: status)
    case .unexpectedStatus, .unreadableAnswer, .notSent: self = .serverTrouble(detail)
    }
  }

  private init(status: Int, server: ServerError) {
    let detail = server.shownMessage ?? ""
    switch server.code {
    case "passengers_only": self = .passengersOnly
    case "drivers_only": self = .driversOnly
    case "ride_in_progress": self = .rideInProgress
    case "invalid_transition": self = .invalidTransition(detail)
    case "already_accepted": self = .alreadyAccepted
    case "not_completed": self = .notCompleted
    case "not_found": self = .notFound
    case "invalid_location": self = .invalidLocation(detail)
    case "invalid_vehicle_type": self = .invalidVehicleType
    case "malformed_query": self = .invalidQuery(detail)
    case _ where server.isAboutToken:
      self = .notSignedIn
    default:
      let code = "HTTP \(status) \(server.code)"
      self = Self(
        NetworkFailureKind(status: status), detail: detail.isEmpty ? code : "\(code): \(detail)")
    }
  }
}

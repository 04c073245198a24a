import KooberWire
import NetworkClient

/// How a network failure becomes a `RideError` (the table is on `RideError`).
///
/// A server's own explanation (`message` of API.md's error body) is written in the server's
/// language, English for Koober's: it is kept as the error's detail when the app speaks
/// English, and left out otherwise, so a Chinese sentence never ends in English. Its code
/// (`HTTP 418 teapot`) is kept in every language.
extension RideError {
  /// The ride error for a network failure.
  /// - Parameter error: What the network client threw.
  package init(_ error: NetworkError) {
    switch error {
    case .transport: self = .offline
    case .timeout: self = .timeout
    case .cancelled: self = .cancelled
    case .authorizationUnavailable: self = .notSignedIn
    case .http(let status, _):
      if let server = error.serverError {
        self = Self(status: status, server: server)
      } else {
        self = Self(status: status, detail: error.message)
      }
    case .invalidURL, .insecureURL, .userInfoInURL, .encoding, .decoding, .unexpectedResponse,
      .responseTooLarge:
      self = .serverTrouble(error.message)
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
      self = Self(status: status, detail: detail.isEmpty ? code : "\(code): \(detail)")
    }
  }

  private init(status: Int, detail: String) {
    if status >= 500 || status == 408 || status == 429 {
      self = .serverUnavailable(status: status)
    } else {
      self = .serverTrouble(detail)
    }
  }
}

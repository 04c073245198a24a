import Foundation
import Localization

/// Why a ride operation failed.
///
/// Each answer of the ride routes of Koober's HTTP contract
/// (<doc:/documentation/KooberWire/HTTPContract>) becomes one case, so a screen can switch on it:
///
/// | API answer                                   | RideError                         |
/// |----------------------------------------------|-----------------------------------|
/// | 403 `passengers_only`                        | `.passengersOnly`                 |
/// | 403 `drivers_only`                           | `.driversOnly`                    |
/// | 409 `ride_in_progress`                       | `.rideInProgress`                 |
/// | 409 `invalid_transition`                     | `.invalidTransition(message)`     |
/// | 409 `already_accepted`                       | `.alreadyAccepted`                |
/// | 409 `not_completed`                          | `.notCompleted`                   |
/// | 404 `not_found`                              | `.notFound`                       |
/// | 422 `invalid_location`                       | `.invalidLocation(message)`       |
/// | 422 `invalid_vehicle_type`                   | `.invalidVehicleType`             |
/// | 400 `malformed_query`                        | `.invalidQuery(message)`          |
/// | 401 after renewal, no session                | `.notSignedIn`                    |
/// | no connection (offline, DNS, refused, TLS)   | `.offline`                        |
/// | no answer in time                            | `.timeout`                        |
/// | the calling task cancelled                   | `.cancelled`                      |
/// | 5xx, 408, 429, with or without a body        | `.serverUnavailable(status:)`     |
/// | other codes, a body the app cannot read      | `.serverTrouble(message)`         |
///
/// Everything but Koober's error body is read through `NetworkError.kind`, the classification
/// an account's `AuthFailure(_:detail:)` reads too, so a ride and a sign-in agree (see
/// `NetworkFailureKind`).
///
/// ```swift
/// do {
///   let ride = try await rides.requestRide(from: here, to: there, vehicle: .wallaby)
/// } catch .rideInProgress {
///   showActiveRide()
/// } catch {
///   show(error.message)
/// }
/// ```
public enum RideError: Error, Sendable, Equatable, Hashable {
  /// Only a passenger account may do this (request a ride, read a receipt).
  case passengersOnly
  /// Only a driver account may do this (the queue, accept and the ride's steps).
  case driversOnly
  /// The passenger already has a ride that is neither completed nor cancelled.
  case rideInProgress
  /// The ride is not at the step this move needs; the message is the server's.
  case invalidTransition(String)
  /// Another driver accepted the ride first.
  case alreadyAccepted
  /// The ride has no receipt because it is not completed.
  case notCompleted
  /// No such ride for this account.
  case notFound
  /// A ride id that cannot be one (empty, too long, or characters an id never has); nothing
  /// was sent.
  case invalidRideID
  /// A coordinate is out of range; the message says which.
  case invalidLocation(String)
  /// The server does not know the vehicle type.
  case invalidVehicleType
  /// The search text or list options were refused; the message says why.
  case invalidQuery(String)
  /// The device's current location could not be had; the message says why.
  case locationUnavailable(String)
  /// No one is signed in, or the server ended the session.
  case notSignedIn
  /// The server could not be reached.
  case offline
  /// The server did not answer in time.
  case timeout
  /// The server answered with a temporary failure (5xx, 408 or 429); trying later may work.
  case serverUnavailable(status: Int)
  /// The server answered something the app does not understand; the message says what.
  case serverTrouble(String)
  /// The operation's task was cancelled before an answer arrived.
  case cancelled

  /// A stable snake_case code a program can switch on (the API's code where there is one).
  public var code: String {
    switch self {
    case .passengersOnly: "passengers_only"
    case .driversOnly: "drivers_only"
    case .rideInProgress: "ride_in_progress"
    case .invalidTransition: "invalid_transition"
    case .alreadyAccepted: "already_accepted"
    case .notCompleted: "not_completed"
    case .notFound: "not_found"
    case .invalidRideID: "invalid_ride_id"
    case .invalidLocation: "invalid_location"
    case .invalidVehicleType: "invalid_vehicle_type"
    case .invalidQuery: "invalid_query"
    case .locationUnavailable: "location_unavailable"
    case .notSignedIn: "not_signed_in"
    case .offline: "offline"
    case .timeout: "timeout"
    case .serverUnavailable: "server_unavailable"
    case .serverTrouble: "server_trouble"
    case .cancelled: "cancelled"
    }
  }

  /// One sentence a person understands, saying what went wrong and what to do, in the
  /// language `Texts.language` names. A detail follows a colon, as it came (a server's own
  /// words only when the app speaks English); a screen makes it safe to show.
  public var message: String {
    switch self {
    case .passengersOnly: TextTable.serviceRide.text("error.passengersOnly")
    case .driversOnly: TextTable.serviceRide.text("error.driversOnly")
    case .rideInProgress: TextTable.serviceRide.text("error.rideInProgress")
    case .invalidTransition(let detail):
      Self.sentence(detail, TextTable.serviceRide.text("error.invalidTransition")) {
        TextTable.serviceRide.text("error.invalidTransition.detail", ["detail": $0])
      }
    case .alreadyAccepted: TextTable.serviceRide.text("error.alreadyAccepted")
    case .notCompleted: TextTable.serviceRide.text("error.notCompleted")
    case .notFound: TextTable.serviceRide.text("error.notFound")
    case .invalidRideID: TextTable.serviceRide.text("error.invalidRideID")
    case .invalidLocation(let detail):
      Self.sentence(detail, TextTable.serviceRide.text("error.invalidLocation")) {
        TextTable.serviceRide.text("error.invalidLocation.detail", ["detail": $0])
      }
    case .invalidVehicleType: TextTable.serviceRide.text("error.invalidVehicleType")
    case .invalidQuery(let detail):
      Self.sentence(detail, TextTable.serviceRide.text("error.invalidQuery")) {
        TextTable.serviceRide.text("error.invalidQuery.detail", ["detail": $0])
      }
    case .locationUnavailable(let detail):
      Self.sentence(detail, TextTable.serviceRide.text("error.locationUnavailable")) {
        TextTable.serviceRide.text("error.locationUnavailable.detail", ["detail": $0])
      }
    case .notSignedIn: TextTable.serviceRide.text("error.notSignedIn")
    case .offline: TextTable.serviceRide.text("error.offline")
    case .timeout: TextTable.serviceRide.text("error.timeout")
    case .serverUnavailable(let status):
      TextTable.serviceRide.text("error.serverUnavailable", ["status": "\(status)"])
    case .serverTrouble(let detail):
      Self.sentence(detail, TextTable.serviceRide.text("error.serverTrouble")) {
        TextTable.serviceRide.text("error.serverTrouble.detail", ["detail": $0])
      }
    case .cancelled: TextTable.serviceRide.text("error.cancelled")
    }
  }

  /// The `.detail` sentence with `detail` in it, or the plain one when the detail is blank.
  /// The detail's own capital and full stop give way (`The ride is completed.` → `…: the
  /// ride is completed.`), an acronym keeps its capitals.
  private static func sentence(
    _ detail: String, _ plain: @autoclosure () -> String, detailed: (String) -> String
  ) -> String {
    var rest = Substring(detail.trimmingCharacters(in: .whitespacesAndNewlines))
    while let last = rest.last, last == "." || last == "。" || last == " " {
      rest = rest.dropLast()
    }
    guard let first = rest.first else { return plain() }
    let second = rest.dropFirst().first
    if first.isUppercase, second.map({ $0.isLowercase || $0 == " " }) ?? true {
      rest = Substring(first.lowercased()) + rest.dropFirst()
    }
    return detailed(String(rest))
  }

  /// Whether the failure is likely to pass by itself (no connection, no answer in time, a
  /// temporary server failure), so following a ride keeps trying rather than giving up.
  public var isTransient: Bool {
    switch self {
    case .offline, .timeout, .serverUnavailable: true
    default: false
    }
  }
}

extension RideError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

extension RideError: CustomStringConvertible {
  /// The code and the message in English (for logs, whatever the chosen language), e.g.
  /// `already_accepted: Another driver accepted…`.
  public var description: String { "\(code): \(Texts.inEnglish { message })" }
}

import Foundation
import Localization

/// Why a ride value was refused: a coordinate out of range, a malformed fare, a negative
/// quantity, or a status change that the ride's state machine does not allow.
///
/// Programs switch on the case; `code` is stable and safe to log or send; `message` is for a
/// person. The backend answers `422 invalid_location` for the two coordinate cases and
/// `409 invalid_transition` for ``invalidTransition(from:to:)``.
///
/// ```swift
/// do {
///   _ = try Location(latitude: 91, longitude: 0)
/// } catch {
///   print(error.code)  // "latitude_out_of_range"
/// }
/// ```
public enum RideModelError: Error, Hashable, Sendable {
  /// The latitude is not a finite number from -90 to 90.
  case latitudeOutOfRange
  /// The longitude is not a finite number from -180 to 180.
  case longitudeOutOfRange
  /// A fare's amount is below zero.
  case negativeFareAmount
  /// A currency code is not three upper-case ASCII letters (ISO 4217 form, e.g. `AUD`).
  case invalidCurrencyCode
  /// An estimate's time to pickup is below zero.
  case negativeEta
  /// A receipt's distance is negative, infinite or not a number.
  case invalidDistance
  /// A receipt's duration is below zero.
  case negativeDuration
  /// A ride cannot move from the first status to the second.
  case invalidTransition(from: RideStatus, to: RideStatus)

  /// A stable snake_case identifier of the failure, for programs and logs.
  public var code: String {
    switch self {
    case .latitudeOutOfRange: "latitude_out_of_range"
    case .longitudeOutOfRange: "longitude_out_of_range"
    case .negativeFareAmount: "negative_fare_amount"
    case .invalidCurrencyCode: "invalid_currency_code"
    case .negativeEta: "negative_eta"
    case .invalidDistance: "invalid_distance"
    case .negativeDuration: "negative_duration"
    case .invalidTransition: "invalid_transition"
    }
  }

  /// A sentence for a person that says what was wrong, in the language `Texts.language`
  /// names.
  public var message: String {
    switch self {
    case .latitudeOutOfRange: TextTable.rideModel.text("error.latitudeOutOfRange")
    case .longitudeOutOfRange: TextTable.rideModel.text("error.longitudeOutOfRange")
    case .negativeFareAmount: TextTable.rideModel.text("error.negativeFareAmount")
    case .invalidCurrencyCode: TextTable.rideModel.text("error.invalidCurrencyCode")
    case .negativeEta: TextTable.rideModel.text("error.negativeEta")
    case .invalidDistance: TextTable.rideModel.text("error.invalidDistance")
    case .negativeDuration: TextTable.rideModel.text("error.negativeDuration")
    case .invalidTransition(let from, let to): Self.transitionMessage(from: from, to: to)
    }
  }

  private static func transitionMessage(from: RideStatus, to: RideStatus) -> String {
    TextTable.rideModel.text(
      "error.invalidTransition", ["from": from.displayName, "to": to.displayName])
  }
}

extension RideModelError: LocalizedError {
  /// The sentence to show, in the language `Texts.language` names.
  public var errorDescription: String? { message }
}

extension RideModelError: CustomStringConvertible {
  /// The code and the message in English (for logs, whatever the chosen language), e.g.
  /// `latitude_out_of_range: The latitude must be…`.
  public var description: String { "\(code): \(Texts.inEnglish { message })" }
}

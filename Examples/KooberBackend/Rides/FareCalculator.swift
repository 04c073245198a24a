import Foundation
import RideModel

/// Prices rides: a flag fall plus a rate per great-circle kilometre, never below a minimum,
/// in Australian cents. The same numbers price an estimate and the ride it turns into.
///
/// ```swift
/// let fare = try FareCalculator.fare(for: .wallaby, from: operaHouse, to: bondi)
/// fare.amount   // 1306 (A$13.06 for 6.7 km)
/// ```
enum FareCalculator {
  /// The currency of every fare.
  static let currency = "AUD"

  /// One vehicle type's price list.
  struct Rate: Sendable, Equatable {
    /// Cents charged for starting a ride.
    var flagFall: Int
    /// Cents per kilometre.
    var perKilometre: Int
    /// The least a ride costs, in cents.
    var minimum: Int
    /// Minutes until such a car reaches a pickup.
    var etaMinutes: Int
  }

  /// The price list of a vehicle type.
  /// - Parameter type: the vehicle type.
  /// - Returns: its rate.
  static func rate(for type: VehicleType) -> Rate {
    switch type {
    case .wallaby: Rate(flagFall: 300, perKilometre: 150, minimum: 900, etaMinutes: 3)
    case .wallaroo: Rate(flagFall: 400, perKilometre: 190, minimum: 1100, etaMinutes: 5)
    case .kangaroo: Rate(flagFall: 600, perKilometre: 260, minimum: 1500, etaMinutes: 8)
    }
  }

  /// The fare of a ride.
  /// - Parameters:
  ///   - type: the vehicle type.
  ///   - pickup: where the ride starts.
  ///   - destination: where it ends.
  /// - Returns: the fare in AUD cents.
  /// - Throws: `500` if the amount cannot be represented (it always can: distances on Earth
  ///   are below 20,016 km).
  static func fare(
    for type: VehicleType, from pickup: Location, to destination: Location
  ) throws(APIError) -> Fare {
    let rate = rate(for: type)
    let distance = pickup.distanceKilometers(to: destination)
    let variable = (Double(rate.perKilometre) * distance).rounded()
    guard variable.isFinite, variable < 1e12 else { throw .internal("pricing the ride") }
    let amount = max(rate.minimum, rate.flagFall + Int(variable))
    do {
      return try Fare(amount: amount, currency: currency)
    } catch {
      throw .internal("pricing the ride")
    }
  }

  /// One estimate per vehicle type, in `VehicleType.allCases` order.
  /// - Parameters:
  ///   - pickup: where the ride would start.
  ///   - destination: where it would end.
  /// - Returns: the estimates.
  /// - Throws: `500` as `fare(for:from:to:)` does.
  static func estimates(
    from pickup: Location, to destination: Location
  ) throws(APIError) -> [FareEstimate] {
    var estimates: [FareEstimate] = []
    for type in VehicleType.allCases {
      let fare = try fare(for: type, from: pickup, to: destination)
      do {
        estimates.append(
          try FareEstimate(vehicleType: type, fare: fare, etaMinutes: rate(for: type).etaMinutes))
      } catch {
        throw .internal("pricing the ride")
      }
    }
    return estimates
  }
}

import Foundation
import RideModel

/// Places, fares and rides for the view-model tests.
enum Samples {
  static let start = Date(timeIntervalSince1970: 1_795_249_800)

  static var opera: Location {
    get throws {
      try Location(latitude: -33.8568, longitude: 151.2153, address: "Sydney Opera House")
    }
  }
  static var airport: Location {
    get throws { try Location(latitude: -33.9399, longitude: 151.1753, address: "Sydney Airport") }
  }
  static var unnamed: Location {
    get throws { try Location(latitude: -33.8, longitude: 151.25) }
  }

  static func estimate(_ type: VehicleType, cents: Int, eta: Int) throws -> FareEstimate {
    try FareEstimate(
      vehicleType: type, fare: try Fare(amount: cents, currency: "AUD"), etaMinutes: eta)
  }

  static var threeEstimates: [FareEstimate] {
    get throws {
      [
        try estimate(.wallaby, cents: 1840, eta: 4), try estimate(.wallaroo, cents: 2390, eta: 6),
        try estimate(.kangaroo, cents: 3105, eta: 11),
      ]
    }
  }

  static func ride(
    _ status: RideStatus, id: String = "ride_1", to destination: Location? = nil,
    cents: Int = 1840, updated: TimeInterval = 0
  ) throws -> Ride {
    Ride(
      id: id, passengerId: "usr_P", driverId: status == .requested ? nil : "usr_D",
      pickup: try opera, destination: try destination ?? airport, vehicleType: .wallaby,
      status: status, fare: try Fare(amount: cents, currency: "AUD"), requestedAt: start,
      updatedAt: start.addingTimeInterval(updated))
  }
}

/// Every closure call a view model made, in order.
@MainActor
final class EventLog<Event: Equatable> {
  private(set) var events: [Event] = []

  func record(_ event: Event) {
    events.append(event)
  }

  /// The events since the last call, leaving the log empty.
  func take() -> [Event] {
    defer { events = [] }
    return events
  }
}

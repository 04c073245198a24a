import Foundation
import RideModel
import ServiceRide
import TestSupport

/// Places, fares and rides for the logic tests.
enum Fixtures {
  static func place(_ name: String, _ latitude: Double, _ longitude: Double) throws -> Location {
    try Location(latitude: latitude, longitude: longitude, address: name)
  }

  static func quay() throws -> Location { try place("Circular Quay", -33.8611, 151.2112) }
  static func opera() throws -> Location { try place("Sydney Opera House", -33.8568, 151.2153) }

  static func estimates() throws -> [FareEstimate] {
    try [
      FareEstimate(
        vehicleType: .wallaby, fare: Fare(amount: 1200, currency: "AUD"), etaMinutes: 3),
      FareEstimate(
        vehicleType: .kangaroo, fare: Fare(amount: 2400, currency: "AUD"), etaMinutes: 6),
    ]
  }

  /// The ride `id` at `status`, last changed `step` seconds after it was requested.
  static func ride(_ status: RideStatus, step: Int, id: String = "ride_1") throws -> Ride {
    let requested = Date(timeIntervalSince1970: 1_800_000_000)
    return Ride(
      id: id, passengerId: "usr_ann", driverId: status == .requested ? nil : "usr_dan",
      pickup: try quay(), destination: try opera(), vehicleType: .wallaby, status: status,
      fare: try Fare(amount: 1200, currency: "AUD"), requestedAt: requested,
      updatedAt: requested + TimeInterval(step))
  }
}

/// The polling steps a test drives on its manual clock.
@MainActor
struct Poller {
  let clock: ManualClock
  let interval: Duration

  /// How long a test waits, in real time, for the code under test to get somewhere: a
  /// bound against hanging on a loaded machine, never a measured time.
  static let patience: Duration = .seconds(60)

  /// Waits until the follower is asleep on the clock, between two polls.
  func asleep() async -> Bool {
    await clock.waitForSleepers(1, within: Self.patience)
  }

  /// Lets one polling interval pass and waits until the follower is asleep again.
  /// - Returns: `false` when it did not go back to sleep in time.
  func tick() async -> Bool {
    clock.advance(by: interval)
    return await asleep()
  }
}

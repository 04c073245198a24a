import RideModel
import ServiceRide

extension Person {
  /// Requests a ride from Circular Quay to `destination` in a wallaby.
  func request(to destination: Location) async throws -> Ride {
    try await rides.requestRide(from: try Places.circularQuay, to: destination, vehicle: .wallaby)
  }
}

extension RideWorld {
  /// Takes a ride from request to completion: `passenger` asks, `driver` accepts and drives.
  /// - Returns: The completed ride as the driver last saw it.
  func completedRide(
    of passenger: Person, with driver: Person, to destination: Location
  ) async throws -> Ride {
    let ride = try await passenger.request(to: destination)
    try await driver.rides.accept(ride.id)
    try await driver.rides.arrive(ride.id)
    try await driver.rides.start(ride.id)
    return try await driver.rides.complete(ride.id)
  }
}

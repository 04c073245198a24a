import Foundation
import WireFormat

/// One ride, as the backend returns it from every ride route.
///
/// Values are immutable; a status change makes a new value through
/// ``advanced(to:at:driverId:)``, which enforces ``RideStatus`` transitions.
///
/// ```swift
/// let ride = try WireJSON.decoder().decode(Ride.self, from: data)
/// if ride.status.canBeCancelled { /* offer Cancel */ }
/// ```
public struct Ride: Hashable, Sendable, Codable {
  /// The ride's identifier, `ride_` plus random base32.
  public let id: String
  /// The passenger's user id (`usr_…`).
  public let passengerId: String
  /// The driver's user id once a driver accepted, else `nil`.
  public let driverId: String?
  /// Where the passenger is picked up.
  public let pickup: Location
  /// Where the passenger is going.
  public let destination: Location
  /// The vehicle type asked for.
  public let vehicleType: VehicleType
  /// Where the ride is in its life.
  public let status: RideStatus
  /// The price agreed when the ride was requested.
  public let fare: Fare
  /// When the passenger asked for the ride.
  public let requestedAt: Date
  /// When the ride last changed.
  public let updatedAt: Date

  /// Makes a ride from its parts, all of which already hold their own invariants.
  /// - Parameters:
  ///   - id: The ride's identifier.
  ///   - passengerId: The passenger's user id.
  ///   - driverId: The driver's user id, `nil` until a driver accepts.
  ///   - pickup: Where the passenger is picked up.
  ///   - destination: Where the passenger is going.
  ///   - vehicleType: The vehicle type asked for.
  ///   - status: The ride's status.
  ///   - fare: The agreed price.
  ///   - requestedAt: When the ride was requested.
  ///   - updatedAt: When it last changed.
  public init(
    id: String, passengerId: String, driverId: String?, pickup: Location,
    destination: Location, vehicleType: VehicleType, status: RideStatus, fare: Fare,
    requestedAt: Date, updatedAt: Date
  ) {
    self.id = id
    self.passengerId = passengerId
    self.driverId = driverId
    self.pickup = pickup
    self.destination = destination
    self.vehicleType = vehicleType
    self.status = status
    self.fare = fare
    self.requestedAt = requestedAt
    self.updatedAt = updatedAt
  }

  /// The same ride moved to another status, if the state machine allows it.
  /// - Parameters:
  ///   - status: The new status.
  ///   - date: When the change happened; becomes ``updatedAt``.
  ///   - driverId: The driver to record (on accept); `nil` keeps the current one.
  /// - Returns: A copy with the new status, update time and driver.
  /// - Throws: ``RideModelError/invalidTransition(from:to:)`` when
  ///   `self.status.canTransition(to: status)` is false.
  public func advanced(to status: RideStatus, at date: Date, driverId: String? = nil)
    throws(RideModelError) -> Ride
  {
    guard self.status.canTransition(to: status) else {
      throw .invalidTransition(from: self.status, to: status)
    }
    return Ride(
      id: id, passengerId: passengerId, driverId: driverId ?? self.driverId, pickup: pickup,
      destination: destination, vehicleType: vehicleType, status: status, fare: fare,
      requestedAt: requestedAt, updatedAt: date)
  }

  private enum CodingKeys: String, CodingKey {
    case id, passengerId, driverId, pickup, destination, vehicleType, status, fare
    case requestedAt, updatedAt
  }

  /// Encodes every field of Koober's Ride, writing `"driverId": null` before a driver accepts.
  /// - Parameter encoder: The encoder to write to; use `KooberWire.rideEncoder()`
  ///   for ISO-8601 dates.
  /// - Throws: Whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(passengerId, forKey: .passengerId)
    try container.encodeOrNull(driverId, forKey: .driverId)
    try container.encode(pickup, forKey: .pickup)
    try container.encode(destination, forKey: .destination)
    try container.encode(vehicleType, forKey: .vehicleType)
    try container.encode(status, forKey: .status)
    try container.encode(fare, forKey: .fare)
    try container.encode(requestedAt, forKey: .requestedAt)
    try container.encode(updatedAt, forKey: .updatedAt)
  }
}

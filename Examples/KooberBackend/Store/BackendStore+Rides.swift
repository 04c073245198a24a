import DatabaseClient
import Foundation
import RideModel

extension BackendStore {
  /// A ride as stored, with what the wire `Ride` leaves out: its list position and the times
  /// a receipt needs.
  struct StoredRide: Sendable, Equatable {
    /// The ride as the HTTP contract shows it.
    var ride: Ride
    /// Arrival order; the list cursor.
    var seq: Int64
    /// When the driver started the ride (status `inProgress`).
    var startedAt: Date?
    /// When the driver completed it.
    var completedAt: Date?
  }

  static let rideColumns = """
    seq, id, passenger_id, driver_id, pickup_latitude, pickup_longitude, pickup_address,
    destination_latitude, destination_longitude, destination_address, vehicle_type, status,
    fare_amount, fare_currency, requested_at, updated_at, started_at, completed_at
    """

  /// Stores a new ride for a passenger, status `requested`.
  /// - Parameters:
  ///   - passengerID: the passenger's user id.
  ///   - pickup: the validated pickup.
  ///   - destination: the validated destination.
  ///   - vehicleType: the vehicle type.
  ///   - fare: the price agreed now.
  /// - Returns: the ride as stored.
  /// - Throws: `409 ride_in_progress` when the passenger has an active ride, or `500`.
  func createRide(
    passengerID: String, pickup: Location, destination: Location, vehicleType: VehicleType,
    fare: Fare
  ) throws(APIError) -> Ride {
    let id = try Identifiers.ride()
    let now = self.now
    return try write { connection in
      let active = try connection.queryOne(
        "SELECT 1 FROM rides WHERE passenger_id = ? AND status NOT IN ('completed', 'cancelled')",
        passengerID)
      guard active == nil else {
        throw APIError(
          status: 409, code: "ride_in_progress",
          message: "You already have a ride under way; cancel or finish it first.")
      }
      try connection.execute(
        """
        INSERT INTO rides (id, passenger_id, pickup_latitude, pickup_longitude, pickup_address,
          destination_latitude, destination_longitude, destination_address, vehicle_type,
          status, fare_amount, fare_currency, requested_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'requested', ?, ?, ?, ?)
        """,
        id, passengerID, pickup.latitude, pickup.longitude, pickup.address, destination.latitude,
        destination.longitude, destination.address, vehicleType.rawValue, fare.amount,
        fare.currency, now, now)
      return try Self.storedRide(id: id, in: connection).ride
    }
  }

  /// A ride by id.
  /// - Parameter id: the ride's id.
  /// - Returns: the ride, or nil when there is none.
  /// - Throws: `500` when the database fails or the row is damaged.
  func storedRide(id: String) throws(APIError) -> StoredRide? {
    let row = try read { database throws(DatabaseError) in
      try database.queryOne("SELECT \(Self.rideColumns) FROM rides WHERE id = ?", id)
    }
    guard let row else { return nil }
    guard let stored = Self.storedRide(from: row) else { throw .internal("a damaged ride row") }
    return stored
  }

  /// A ride by id inside an open transaction, which must exist.
  /// - Parameters:
  ///   - id: the ride's id.
  ///   - connection: the open transaction.
  /// - Returns: the ride.
  /// - Throws: `404` when there is none, `500` for a damaged row, or `DatabaseError`.
  static func storedRide(id: String, in connection: Connection) throws -> StoredRide {
    guard let row = try connection.queryOne(
      "SELECT \(rideColumns) FROM rides WHERE id = ?", id)
    else { throw APIError.notFound }
    guard let stored = storedRide(from: row) else { throw APIError.internal("a damaged ride row") }
    return stored
  }

  /// Reads a ride from a row that has the `rideColumns`.
  /// - Parameter row: the row.
  /// - Returns: the ride, or nil when the row does not hold a valid one.
  static func storedRide(from row: Row) -> StoredRide? {
    guard let seq = row["seq"] as Int64?, let id = row["id"] as String?,
      let passengerID = row["passenger_id"] as String?,
      let pickup = location(from: row, prefix: "pickup"),
      let destination = location(from: row, prefix: "destination"),
      let vehicleType = (row["vehicle_type"] as String?).flatMap(VehicleType.init(rawValue:)),
      let status = (row["status"] as String?).flatMap(RideStatus.init(rawValue:)),
      let amount = row["fare_amount"] as Int?, let currency = row["fare_currency"] as String?,
      let fare = try? Fare(amount: amount, currency: currency),
      let requestedAt = row["requested_at"] as Date?, let updatedAt = row["updated_at"] as Date?
    else { return nil }
    let ride = Ride(
      id: id, passengerId: passengerID, driverId: row["driver_id"] as String?, pickup: pickup,
      destination: destination, vehicleType: vehicleType, status: status, fare: fare,
      requestedAt: requestedAt, updatedAt: updatedAt)
    return StoredRide(
      ride: ride, seq: seq, startedAt: row["started_at"] as Date?,
      completedAt: row["completed_at"] as Date?)
  }

  private static func location(from row: Row, prefix: String) -> Location? {
    guard let latitude = row["\(prefix)_latitude"] as Double?,
      let longitude = row["\(prefix)_longitude"] as Double?
    else { return nil }
    return try? Location(
      latitude: latitude, longitude: longitude, address: row["\(prefix)_address"] as String?)
  }
}

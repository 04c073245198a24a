import DatabaseClient
import Foundation
import RideModel

extension BackendStore {
  /// Moves a ride one step, checking who may and whether the state machine allows it, all in
  /// one transaction: of two drivers accepting at once, exactly one wins.
  /// - Parameters:
  ///   - rideID: the ride's id.
  ///   - step: the step.
  ///   - userID: the caller.
  /// - Returns: the ride after the step.
  /// - Throws: `404 not_found`, `409 already_accepted`, `409 invalid_transition`, or `500`.
  func move(rideID: String, _ step: RideStep, by userID: String) throws(APIError) -> Ride {
    let now = self.now
    return try write { connection in
      try Self.move(rideID: rideID, step, by: userID, in: connection, now: now)
    }
  }

  /// The same as `move(rideID:_:by:)` inside a transaction the caller holds.
  /// - Parameters:
  ///   - rideID: the ride's id.
  ///   - step: the step.
  ///   - userID: the caller.
  ///   - connection: the open transaction.
  ///   - now: the time of the step.
  /// - Returns: the ride after the step.
  /// - Throws: `APIError` as `move(rideID:_:by:)` does, or `DatabaseError`.
  static func move(
    rideID: String, _ step: RideStep, by userID: String, in connection: Connection, now: Date
  ) throws -> Ride {
    let ride = try storedRide(id: rideID, in: connection).ride
    try step.authorize(ride, by: userID)
    guard ride.status.canTransition(to: step.target) else {
      throw step.invalidTransition(from: ride.status)
    }
    try connection.execute(
      """
      UPDATE rides SET status = ?, updated_at = ?, driver_id = COALESCE(?, driver_id),
        started_at = COALESCE(?, started_at), completed_at = COALESCE(?, completed_at)
      WHERE id = ? AND status = ?
      """,
      step.target.rawValue, now, step == .accept ? userID : nil, step == .start ? now : nil,
      step == .complete ? now : nil, rideID, ride.status.rawValue)
    return try storedRide(id: rideID, in: connection).ride
  }
}

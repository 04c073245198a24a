import DatabaseClient
import Foundation
import RideModel

extension BackendStore {
  /// The simulated driver's email. Sign-up refuses it (its domain has no dot), so no person
  /// can hold it, and its stored key is one byte long where a derived key has 32, so no
  /// password ever matches it.
  static let simulatedDriverEmail = "simulated-driver@koober"

  /// The simulated driver's user id, making its account the first time.
  /// - Returns: the user id.
  /// - Throws: `500` when the database or the random generator fails.
  func simulatedDriverID() throws(APIError) -> String {
    let newID = try Identifiers.user()
    let salt = try SecureRandom.bytes(PasswordHasher.saltLength)
    let now = self.now
    let iterations = hasher.iterations
    return try write { connection in
      try connection.execute(
        """
        INSERT OR IGNORE INTO users (id, email, name, type, password_hash, password_salt,
          password_iterations, created_at)
        VALUES (?, ?, 'Simulated driver', 'driver', ?, ?, ?, ?)
        """,
        [newID, Self.simulatedDriverEmail, Data([0]), Data(salt), iterations, now])
      guard let id = try connection.queryOne(
        "SELECT id FROM users WHERE email = ?", [Self.simulatedDriverEmail])?["id"] as String?
      else { throw APIError.internal("the simulated driver's account is missing") }
      return id
    }
  }

  /// One round of the simulated driver, in one transaction: accepts every ride no driver took
  /// within `acceptDelay`, then moves each of its own rides whose last change is `stepInterval`
  /// old one step further.
  /// - Parameters:
  ///   - driverID: the simulated driver's user id.
  ///   - acceptDelay: how long a ride waits for a real driver.
  ///   - stepInterval: how long each later step takes.
  /// - Returns: the rides moved, in the order moved.
  /// - Throws: `500` when the database fails.
  func simulatedDriverRound(
    driverID: String, acceptDelay: TimeInterval, stepInterval: TimeInterval
  ) throws(APIError) -> [Ride] {
    let now = self.now
    return try write { connection in
      var moved: [Ride] = []
      let waiting = try connection.query(
        """
        SELECT id FROM rides WHERE status = 'requested' AND driver_id IS NULL
          AND requested_at <= ? ORDER BY seq
        """,
        [now.addingTimeInterval(-acceptDelay)])
      for id in waiting.compactMap({ $0["id"] as String? }) {
        if let ride = try Self.moveIfAllowed(id, .accept, by: driverID, in: connection, now: now) {
          moved.append(ride)
        }
      }
      let due = try connection.query(
        """
        SELECT id, status FROM rides WHERE driver_id = ?
          AND status IN ('accepted', 'arrived', 'inProgress') AND updated_at <= ? ORDER BY seq
        """,
        [driverID, now.addingTimeInterval(-stepInterval)])
      for row in due {
        guard let id = row["id"] as String?,
          let status = (row["status"] as String?).flatMap(RideStatus.init(rawValue:)),
          let next = status.next, let step = RideStep.driverStep(to: next)
        else { continue }
        if let ride = try Self.moveIfAllowed(id, step, by: driverID, in: connection, now: now) {
          moved.append(ride)
        }
      }
      return moved
    }
  }

  /// One move of a round; a ride the rules refuse (or a damaged row) is skipped, so it cannot
  /// stall the simulated driver's other rides. Database failures still end the round.
  private static func moveIfAllowed(
    _ rideID: String, _ step: RideStep, by driverID: String, in connection: Connection,
    now: Date
  ) throws -> Ride? {
    do {
      return try move(rideID: rideID, step, by: driverID, in: connection, now: now)
    } catch is APIError {
      return nil
    }
  }
}

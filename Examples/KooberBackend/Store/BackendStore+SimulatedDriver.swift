import DatabaseClient
import Foundation
import RideModel

extension BackendStore {
  /// The simulated driver's email. Sign-up refuses it (its domain has no dot), so no person
  /// can hold it, and its stored key is one byte long where a derived key has 32, so no
  /// password ever matches it.
  static let simulatedDriverEmail = "simulated-driver@koober"

  /// One round of the simulated driver, in one transaction: accepts every ride no driver took
  /// within `acceptDelay`, then moves each of its own rides whose last change is `stepInterval`
  /// old one step further. Its account is made the first time it accepts a ride, so a backend
  /// nobody rides with has none.
  /// - Parameters:
  ///   - acceptDelay: how long a ride waits for a real driver.
  ///   - stepInterval: how long each later step takes.
  /// - Returns: the rides moved, in the order moved.
  /// - Throws: `500` when the database fails.
  func simulatedDriverRound(
    acceptDelay: TimeInterval, stepInterval: TimeInterval
  ) throws(APIError) -> [Ride] {
    let now = self.now
    let iterations = hasher.iterations
    return try write { connection in
      let waiting = try connection.query(
        """
        SELECT id FROM rides WHERE status = 'requested' AND driver_id IS NULL
          AND requested_at <= ? ORDER BY seq
        """,
        now.addingTimeInterval(-acceptDelay)).compactMap { $0["id"] as String? }
      var driverID = try Self.simulatedDriverID(in: connection)
      if driverID == nil, !waiting.isEmpty {
        driverID = try Self.makeSimulatedDriver(in: connection, iterations: iterations, now: now)
      }
      guard let driverID else { return [] }
      var moved: [Ride] = []
      for id in waiting {
        if let ride = try Self.moveIfAllowed(id, .accept, by: driverID, in: connection, now: now) {
          moved.append(ride)
        }
      }
      let due = try connection.query(
        """
        SELECT id, status FROM rides WHERE driver_id = ?
          AND status IN ('accepted', 'arrived', 'inProgress') AND updated_at <= ? ORDER BY seq
        """,
        driverID, now.addingTimeInterval(-stepInterval))
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

  private static func simulatedDriverID(in connection: Connection) throws -> String? {
    try connection.queryOne(
      "SELECT id FROM users WHERE email = ?", simulatedDriverEmail)?["id"] as String?
  }

  private static func makeSimulatedDriver(
    in connection: Connection, iterations: Int, now: Date
  ) throws -> String {
    let id = try Identifiers.user()
    let salt = try SecureRandom.bytes(PasswordHasher.saltLength)
    try connection.execute(
      """
      INSERT INTO users (id, email, name, type, password_hash, password_salt,
        password_iterations, created_at)
      VALUES (?, ?, 'Simulated driver', 'driver', ?, ?, ?, ?)
      """,
      id, simulatedDriverEmail, Data([0]), Data(salt), iterations, now)
    return id
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

import DatabaseClient
import Foundation
import RideModel

extension BackendStore {
  /// The most rides the driver's queue shows at once.
  static let queueLimit = 100

  /// One page of a user's rides, newest first.
  ///
  /// Text matching needs Unicode case folding, which SQLite's `LIKE` lacks, so rows are read
  /// in chunks and filtered here until the page (plus one ride, to know whether more follow)
  /// is full.
  /// - Parameter query: the checked query.
  /// - Returns: the rides and the cursor of the next page (nil on the last).
  /// - Throws: `500` when the database fails.
  func rides(_ query: RideListQuery) throws(APIError) -> RideListResponse {
    let owner = query.role == .driver ? "driver_id" : "passenger_id"
    let sql = """
      SELECT \(Self.rideColumns) FROM rides
      WHERE \(owner) = ? AND \(Self.scopeCondition(query.scope)) AND seq < ?
      ORDER BY seq DESC LIMIT ?
      """
    let chunk = max(query.limit + 1, 64)
    var matches: [StoredRide] = []
    var position = query.before?.seq ?? Int64.max
    while matches.count <= query.limit {
      let rows = try read { database throws(DatabaseError) in
        try database.query(sql, query.userID, position, chunk)
      }
      for row in rows {
        guard let stored = Self.storedRide(from: row) else { throw .internal("a damaged ride row") }
        position = stored.seq
        if query.matchesText(stored.ride) { matches.append(stored) }
        if matches.count > query.limit { break }
      }
      if rows.count < chunk { break }
    }
    let page = matches.prefix(query.limit)
    let next = matches.count > query.limit ? page.last.map { RideCursor(seq: $0.seq).text } : nil
    return RideListResponse(rides: page.map(\.ride), next: next)
  }

  /// Rides waiting for a driver, oldest first.
  /// - Returns: at most `queueLimit` rides.
  /// - Throws: `500` when the database fails.
  func queue() throws(APIError) -> [Ride] {
    let rows = try read { database throws(DatabaseError) in
      try database.query(
        """
        SELECT \(Self.rideColumns) FROM rides WHERE status = 'requested'
        ORDER BY seq ASC LIMIT ?
        """,
        Self.queueLimit)
    }
    var rides: [Ride] = []
    for row in rows {
      guard let stored = Self.storedRide(from: row) else { throw .internal("a damaged ride row") }
      rides.append(stored.ride)
    }
    return rides
  }

  /// The SQL condition of a scope; fixed texts, never built from input.
  private static func scopeCondition(_ scope: RideScope) -> String {
    switch scope {
    case .all: "1"
    case .active: "status NOT IN ('completed', 'cancelled')"
    case .completed: "status = 'completed'"
    case .cancelled: "status = 'cancelled'"
    }
  }
}

import DatabaseClient
import Foundation
import KooberWire
import RideModel
import WireFormat

extension RideCache {
  /// A row whose body is not a ride this code can read: the cache is rebuilt.
  struct UnreadableRow: Error, CustomStringConvertible {
    let rideID: String
    var description: String { "the cached ride \(rideID) could not be read" }
  }

  static func write(_ rides: [Ride], to database: Database) throws {
    let encoder = KooberWire.rideEncoder()
    let now = Date().timeIntervalSince1970
    try database.transaction { connection in
      for ride in rides {
        try connection.execute(
          """
          INSERT INTO ride_cache (ride_id, requested_at, updated_at, body, cached_at)
          VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (ride_id) DO UPDATE SET requested_at = excluded.requested_at,
            updated_at = excluded.updated_at, body = excluded.body, cached_at = excluded.cached_at
          WHERE excluded.updated_at >= ride_cache.updated_at
          """,
          ride.id, ride.requestedAt.timeIntervalSince1970, ride.updatedAt.timeIntervalSince1970,
          try encoder.encode(ride), now)
      }
      try connection.execute(
        """
        DELETE FROM ride_cache WHERE ride_id NOT IN (
          SELECT ride_id FROM ride_cache ORDER BY requested_at DESC, ride_id DESC LIMIT ?)
        """,
        capacity)
    }
  }

  static func readAll(from database: Database) throws -> [Ride] {
    let decoder = WireJSON.decoder()
    // Read through a cursor: each body is decoded as it is read, without a `[Row]` first.
    var rides: [Ride] = []
    var unreadable: String?
    try database.withCursor(
      "SELECT ride_id, body FROM ride_cache ORDER BY requested_at DESC, ride_id DESC"
    ) { cursor throws(DatabaseError) in
      while try cursor.next() {
        let id: String = (try? cursor.get("ride_id")) ?? ""
        guard let body: Data = try? cursor.get("body"),
          let ride = try? decoder.decode(Ride.self, from: body), ride.id == id
        else {
          unreadable = id
          return
        }
        rides.append(ride)
      }
    }
    if let unreadable { throw UnreadableRow(rideID: unreadable) }
    return rides
  }
}

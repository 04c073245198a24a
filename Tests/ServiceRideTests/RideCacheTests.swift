import DatabaseClient
import Foundation
import RideModel
import ServiceRide
import TestSupport
import Testing

@Suite("The ride cache in a user's database")
struct RideCacheTests {
  @Test("rides come back newest first, filtered like the server, never older than seen")
  func storeAndRead() throws {
    let folder = try TemporaryDirectory(prefix: "ride-cache")
    defer { folder.remove() }
    let cache = RideCache(database: try Database(path: folder.path("user.sqlite")))
    #expect(cache.status == .unopened)
    let old = try CachedRides.ride("ride_1", .completed, at: 100, to: "Sydney Opera House")
    let new = try CachedRides.ride("ride_2", .requested, at: 200, to: "Central Station")
    cache.store([old, new])
    #expect(cache.status == .ready)
    #expect(cache.rides(.all) == [new, old])
    #expect(cache.rides(.active) == [new])
    #expect(cache.rides(.completed) == [old])
    #expect(cache.rides(.search("opera")) == [old])
    #expect(cache.rides(.all, limit: 1) == [new])

    let accepted = try CachedRides.ride("ride_2", .accepted, at: 200, updated: 300)
    cache.store([accepted])
    cache.store([new])  // an older copy arriving late does not win
    #expect(cache.ride(id: "ride_2") == accepted)

    let reopened = RideCache(database: try Database(path: folder.path("user.sqlite")))
    #expect(reopened.rides(.all) == [accepted, old])
  }

  @Test("rows that cannot be read are dropped with the table, which is made anew")
  func unreadableRows() throws {
    let folder = try TemporaryDirectory(prefix: "ride-cache")
    defer { folder.remove() }
    let database = try Database(path: folder.path("user.sqlite"))
    RideCache(database: database).store([try CachedRides.ride("ride_1", .completed, at: 100)])
    try database.execute("UPDATE ride_cache SET body = ?", [Data("{not json".utf8)])

    let cache = RideCache(database: database)
    #expect(cache.rides(.all) == [])
    guard case .rebuilt(let reason) = cache.status else {
      Issue.record("expected a rebuilt cache, got \(cache.status)")
      return
    }
    #expect(reason.contains("ride_1"))
    let fresh = try CachedRides.ride("ride_2", .requested, at: 200)
    cache.store([fresh])
    #expect(cache.rides(.all) == [fresh])
  }

  @Test("a table of another shape, or a layout from a newer app, is made anew")
  func foreignLayouts() throws {
    let folder = try TemporaryDirectory(prefix: "ride-cache")
    defer { folder.remove() }
    let shaped = try Database(path: folder.path("shape.sqlite"))
    try shaped.execute("CREATE TABLE ride_cache (something_else INTEGER)")
    let first = RideCache(database: shaped)
    let ride = try CachedRides.ride("ride_1", .completed, at: 100)
    first.store([ride])
    #expect(first.status.code == "rebuilt")
    #expect(first.rides(.all) == [ride])

    let newer = try Database(path: folder.path("newer.sqlite"))
    RideCache(database: newer).store([ride])
    try newer.execute("UPDATE ride_cache_meta SET value = 99 WHERE name = 'layout'")
    let second = RideCache(database: newer)
    #expect(second.rides(.all) == [])
    #expect(second.status.code == "rebuilt")
    #expect(try newer.queryOne("SELECT value FROM ride_cache_meta")?["value"] == 1)
  }

  @Test("a database the cache cannot write leaves a memory cache, never a failure")
  func unusableFile() throws {
    let folder = try TemporaryDirectory(prefix: "ride-cache")
    defer { folder.remove() }
    let database = try Database(path: folder.path("user.sqlite"))
    let cache = RideCache(database: database)
    try database.execute("CREATE TABLE other_feature (x INTEGER)")
    try database.execute("INSERT INTO other_feature VALUES (42)")
    // A connection that may no longer write: the cache can neither be made nor rebuilt
    // there, so it moves to memory and leaves the file (and its data) alone.
    try database.execute("PRAGMA query_only = 1")
    let ride = try CachedRides.ride("ride_1", .completed, at: 100)
    cache.store([ride])
    #expect(cache.status.code == "memory_only")
    #expect(cache.rides(.all) == [ride])
    #expect(try database.queryOne("SELECT x FROM other_feature")?["x"] == 42)

    let memoryOnly = RideCache(memoryOnlyBecause: "the user's database could not be opened")
    memoryOnly.store([ride])
    #expect(memoryOnly.rides(.completed) == [ride])
    #expect(memoryOnly.status == .memoryOnly("the user's database could not be opened"))
  }
}

/// Rides made without a server, for the cache's tests.
enum CachedRides {
  static func ride(
    _ id: String, _ status: RideStatus, at seconds: TimeInterval, updated: TimeInterval? = nil,
    to address: String = "Sydney Opera House"
  ) throws -> Ride {
    Ride(
      id: id, passengerId: "usr_ann", driverId: status == .requested ? nil : "usr_dan",
      pickup: try Location(latitude: -33.8611, longitude: 151.2112, address: "Circular Quay"),
      destination: try Location(latitude: -33.8568, longitude: 151.2153, address: address),
      vehicleType: .wallaby, status: status, fare: try Fare(amount: 1840, currency: "AUD"),
      requestedAt: Date(timeIntervalSince1970: seconds),
      updatedAt: Date(timeIntervalSince1970: updated ?? seconds))
  }
}

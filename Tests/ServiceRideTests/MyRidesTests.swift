import DatabaseClient
import Foundation
import RideModel
import ServiceRide
import Testing

@Suite("My rides: the cache at once, then the server")
struct MyRidesTests {
  @Test("the cache comes first, the server's page second, and the cache keeps what it saw")
  func cachedThenFresh() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let requested = try await ann.request(to: try Places.operaHouse)
    try await dan.rides.accept(requested.id)
    try await dan.rides.arrive(requested.id)
    try await dan.rides.start(requested.id)
    let completed = try await dan.rides.complete(requested.id)

    let first = await Self.collect(ann.rides.myRides(.all))
    #expect(first == [.cached([requested]), .fresh(RideListResponse(rides: [completed]))])
    let second = await Self.collect(ann.rides.myRides(.all))
    #expect(second == [.cached([completed]), .fresh(RideListResponse(rides: [completed]))])
    #expect(await Self.collect(ann.rides.myRides(.active)) == [
      .cached([]), .fresh(RideListResponse(rides: [])),
    ])
    #expect(ann.rides.cache.status == .ready)
  }

  @Test("with the server down, the cached rides are shown and the failure said")
  func serverDown() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let completed = try await world.completedRide(of: ann, with: dan, to: try Places.operaHouse)
    _ = try await ann.rides.list(.all)
    world.backend.stop()

    let updates = await Self.collect(ann.rides.myRides(.all))
    #expect(updates == [.cached([completed]), .failed(.offline)])
    #expect(await Self.collect(ann.rides.myRides(.search("opera"))) == [
      .cached([completed]), .failed(.offline),
    ])
    #expect(ann.rides.cachedRides(.completed) == [completed])
    await #expect(throws: RideError.offline) { try await ann.rides.ride(completed.id) }
  }

  @Test("a corrupt cache in the user's database is rebuilt and filled from the server")
  func corruptCacheRebuilt() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let ride = try await ann.request(to: try Places.operaHouse)
    let database = try await ann.account.userDatabase(for: ann.user.id)
    try database.execute("UPDATE ride_cache SET body = ?", [Data([0xFF, 0x00])])

    let updates = await Self.collect(ann.rides.myRides(.all))
    #expect(updates == [.cached([]), .fresh(RideListResponse(rides: [ride]))])
    #expect(ann.rides.cache.status.code == "rebuilt")
    #expect(await Self.collect(ann.rides.myRides(.all)).first == .cached([ride]))
  }

  @Test("a user database that is not SQLite leaves rides working with a memory cache")
  func unusableUserDatabase() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let garbage = Data(repeating: 0x41, count: 4096)
    var spoiled: URL?
    let annAgain = try await world.secondDevice(of: ann) { file in
      try garbage.write(to: file)
      spoiled = file
    }
    #expect(annAgain.rides.cache.status.code == "memory_only")
    let ride = try await annAgain.request(to: try Places.operaHouse)
    #expect(annAgain.rides.cachedRides(.active) == [ride])
    #expect(await Self.collect(annAgain.rides.myRides(.active)) == [
      .cached([ride]), .fresh(RideListResponse(rides: [ride])),
    ])
    // The file is left as it was: it may hold another feature's data worth rescuing.
    #expect(try Data(contentsOf: try #require(spoiled)) == garbage)
  }

  private static func collect(_ stream: AsyncStream<RideListUpdate>) async -> [RideListUpdate] {
    var updates: [RideListUpdate] = []
    for await update in stream { updates.append(update) }
    return updates
  }
}

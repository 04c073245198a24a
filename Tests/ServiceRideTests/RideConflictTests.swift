import Foundation
import RideModel
import ServiceRide
import Testing

@Suite("Every refusal of the ride routes becomes its RideError")
struct RideConflictTests {
  @Test("409 ride_in_progress: a second request while a ride is active")
  func rideInProgress() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let first = try await ann.request(to: try Places.operaHouse)
    await #expect(throws: RideError.rideInProgress) {
      try await ann.request(to: try Places.centralStation)
    }
    #expect(try await ann.rides.activeRide()?.id == first.id)
  }

  @Test("409 invalid_transition: steps out of order and a cancel after arrival")
  func invalidTransition() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let ride = try await ann.request(to: try Places.operaHouse)
    try await dan.rides.accept(ride.id)

    let early = await #expect(throws: RideError.self) { try await dan.rides.start(ride.id) }
    #expect(early?.code == "invalid_transition")
    let skipped = await #expect(throws: RideError.self) { try await dan.rides.complete(ride.id) }
    #expect(skipped?.code == "invalid_transition")

    try await dan.rides.arrive(ride.id)
    let late = await #expect(throws: RideError.self) { try await ann.rides.cancelRide(ride.id) }
    #expect(late?.code == "invalid_transition")
    let again = await #expect(throws: RideError.self) { try await dan.rides.arrive(ride.id) }
    #expect(again?.code == "invalid_transition")

    try await dan.rides.start(ride.id)
    try await dan.rides.complete(ride.id)
    let over = await #expect(throws: RideError.self) { try await ann.rides.cancelRide(ride.id) }
    #expect(over?.code == "invalid_transition")
    #expect(try await ann.rides.ride(ride.id).status == .completed)
  }

  @Test("409 already_accepted: a second driver accepts a taken ride")
  func alreadyAccepted() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let eve = try await world.person("Eve", .driver)
    let ride = try await ann.request(to: try Places.operaHouse)
    try await dan.rides.accept(ride.id)
    await #expect(throws: RideError.alreadyAccepted) { try await eve.rides.accept(ride.id) }
    await #expect(throws: RideError.notFound) { try await eve.rides.arrive(ride.id) }
    await #expect(throws: RideError.notFound) { try await eve.rides.ride(ride.id) }
    #expect(try await ann.rides.ride(ride.id).driverId == dan.user.id)
  }

  @Test("409 not_completed: a receipt before the ride is completed")
  func notCompleted() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let ride = try await ann.request(to: try Places.operaHouse)
    await #expect(throws: RideError.notCompleted) { try await ann.rides.receipt(for: ride.id) }
  }

  @Test("403 and 404: the wrong kind of account, and someone else's ride")
  func forbiddenAndNotFound() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let bob = try await world.person("Bob", .passenger)
    let dan = try await world.person("Dan", .driver)
    let ride = try await ann.request(to: try Places.operaHouse)

    await #expect(throws: RideError.passengersOnly) {
      try await dan.request(to: try Places.operaHouse)
    }
    await #expect(throws: RideError.driversOnly) { try await ann.rides.queue() }
    await #expect(throws: RideError.driversOnly) { try await ann.rides.accept(ride.id) }
    await #expect(throws: RideError.notFound) { try await bob.rides.ride(ride.id) }
    await #expect(throws: RideError.notFound) { try await bob.rides.cancelRide(ride.id) }
    await #expect(throws: RideError.notFound) { try await ann.rides.ride("ride_NOSUCHRIDE") }
  }

  @Test("two drivers racing to accept: exactly one wins, the other hears already_accepted")
  func race() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let eve = try await world.person("Eve", .driver)
    for round in 0..<3 {
      let ride = try await ann.request(to: try Places.operaHouse)
      async let danTry = Self.outcome { () async throws(RideError) -> Ride in
        try await dan.rides.accept(ride.id)
      }
      async let eveTry = Self.outcome { () async throws(RideError) -> Ride in
        try await eve.rides.accept(ride.id)
      }
      let outcomes = await [danTry, eveTry]
      let winners = outcomes.compactMap { try? $0.get() }
      let losers = outcomes.compactMap { outcome -> RideError? in
        guard case .failure(let error) = outcome else { return nil }
        return error
      }
      #expect(winners.count == 1, "round \(round)")
      #expect(losers == [RideError.alreadyAccepted], "round \(round)")
      let winner = try #require(winners.first)
      #expect(try await ann.rides.ride(ride.id).driverId == winner.driverId)
      try await ann.rides.cancelRide(ride.id)
    }
  }

  private static func outcome(
    _ body: () async throws(RideError) -> Ride
  ) async -> Result<Ride, RideError> {
    do {
      return .success(try await body())
    } catch {
      return .failure(error)
    }
  }
}

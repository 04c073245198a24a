import Foundation
import RideModel
import ServiceRide
import Testing

@Suite("A ride's whole life against the reference backend")
struct RideLifecycleTests {
  @Test("a passenger and a driver take a ride from search to receipt")
  func wholeRide() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)

    let pickup = try await ann.locations.currentLocation()
    #expect(pickup == (try Places.circularQuay))
    let places = try await ann.locations.search("  opera ")
    #expect(places.map(\.address) == ["Sydney Opera House"])
    let destination = try #require(places.first)

    let estimates = try await ann.rides.fareEstimates(from: pickup, to: destination)
    #expect(estimates.map(\.vehicleType) == [.wallaby, .wallaroo, .kangaroo])
    let wallaby = try #require(estimates.first)

    let requested = try await ann.rides.requestRide(
      from: pickup, to: destination, vehicle: .wallaby)
    #expect(requested.status == .requested)
    #expect(requested.passengerId == ann.user.id)
    #expect(requested.driverId == nil)
    #expect(requested.fare == wallaby.fare)

    #expect(try await dan.rides.queue().map(\.id) == [requested.id])
    let accepted = try await dan.rides.accept(requested.id)
    #expect(accepted.status == .accepted)
    #expect(accepted.driverId == dan.user.id)
    #expect(try await dan.rides.queue().isEmpty)
    #expect(try await ann.rides.ride(requested.id).status == .accepted)
    #expect(try await ann.rides.activeRide()?.id == requested.id)
    #expect(try await dan.rides.activeRide()?.id == requested.id)

    #expect(try await dan.rides.arrive(requested.id).status == .arrived)
    #expect(try await dan.rides.start(requested.id).status == .inProgress)
    #expect(try await ann.rides.ride(requested.id).status == .inProgress)
    let completed = try await dan.rides.complete(requested.id)
    #expect(completed.status == .completed)
    #expect(try await ann.rides.activeRide() == nil)

    let receipt = try await ann.rides.receipt(for: requested.id)
    #expect(receipt.rideId == requested.id)
    #expect(receipt.fare == requested.fare)
    #expect(abs(receipt.distanceKm - pickup.distanceKilometers(to: destination)) < 0.01)
    #expect(receipt.durationMinutes >= 0)

    #expect(try await ann.rides.list(.completed).rides.map(\.id) == [requested.id])
    #expect(try await ann.rides.list(.search("OPERA")).rides.map(\.id) == [requested.id])
    #expect(try await ann.rides.list(.search("Central")).rides.isEmpty)
    #expect(try await ann.rides.list(.cancelled).rides.isEmpty)
    #expect(try await dan.rides.list(.all).rides.map(\.id) == [requested.id])
  }

  @Test("advance moves the driver's ride one step at a time, then refuses without sending")
  func advance() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let dan = try await world.person("Dan", .driver)
    let ride = try await ann.request(to: try Places.operaHouse)
    try await dan.rides.accept(ride.id)

    var statuses: [RideStatus] = []
    for _ in 0..<3 { statuses.append(try await dan.rides.advance(ride.id).status) }
    #expect(statuses == [.arrived, .inProgress, .completed])

    let completeCalls = world.backend.requests.count("POST", "/v1/rides/{id}/complete")
    let refusal = await #expect(throws: RideError.self) { try await dan.rides.advance(ride.id) }
    #expect(refusal?.code == "invalid_transition")
    #expect(world.backend.requests.count("POST", "/v1/rides/{id}/complete") == completeCalls)
  }

  @Test("a passenger cancels a requested ride and pages through their rides")
  func cancelAndPages() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    var ids: [String] = []
    for destination in [try Places.operaHouse, try Places.centralStation, try Places.operaHouse] {
      let ride = try await ann.request(to: destination)
      let cancelled = try await ann.rides.cancelRide(ride.id)
      #expect(cancelled.status == .cancelled)
      ids.append(ride.id)
    }

    let first = try await ann.rides.list(.cancelled, limit: 2)
    let cursor = try #require(first.next)
    let second = try await ann.rides.list(.cancelled, limit: 2, before: cursor)
    #expect(second.next == nil)
    #expect((first.rides + second.rides).map(\.id) == ids.reversed())
    #expect(try await ann.rides.list(.active).rides.isEmpty)
  }

  @Test("bad input is refused on the device with a typed error")
  func badInput() async throws {
    let world = try RideWorld()
    defer { world.tearDown() }
    let ann = try await world.person("Ann", .passenger)
    let searches = world.backend.requests.count("GET", "/v1/locations/search")

    await #expect(throws: RideError.invalidQuery("Type part of a place's name.")) {
      try await ann.locations.search(" \n ")
    }
    await #expect(throws: RideError.self) {
      try await ann.locations.search(String(repeating: "a", count: 201))
    }
    #expect(world.backend.requests.count("GET", "/v1/locations/search") == searches)
    await #expect(throws: RideError.invalidQuery("Type part of a place's name.")) {
      try await ann.rides.list(.search("   "))
    }
    for id in ["", "../auth/session", "ride_1/receipt", "ride 1", "ride_%2F", "rïde"] {
      await #expect(throws: RideError.invalidRideID) { try await ann.rides.ride(id) }
      await #expect(throws: RideError.invalidRideID) { try await ann.rides.cancelRide(id) }
      await #expect(throws: RideError.invalidRideID) { try await ann.rides.receipt(for: id) }
    }
    await #expect(throws: RideError.invalidRideID) {
      try await ann.rides.ride(String(repeating: "r", count: 65))
    }
  }
}

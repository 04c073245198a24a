import Foundation
import RideModel
import Testing

@Suite("POST /v1/rides and GET /v1/rides/{id}")
struct RideRequestTests {
  @Test("a passenger's request is 201 requested, priced like the estimate, with no driver")
  func requestIsCreated() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger, vehicle: .wallaroo)
    let estimate = try await server.send(
      "POST", "/v1/fares/estimate",
      encoding: FareEstimateRequestBody(
        pickup: try RidePlaces.operaHouse, destination: try RidePlaces.bondiBeach))
    let wallaroo = try estimate.decode(FareEstimatesResponse.self).estimates
      .first { $0.vehicleType == .wallaroo }
    #expect(ride.id.hasPrefix("ride_"))
    #expect(ride.passengerId == passenger.id)
    #expect(ride.driverId == nil)
    #expect(ride.status == .requested)
    #expect(ride.vehicleType == .wallaroo)
    #expect(ride.pickup == (try RidePlaces.operaHouse))
    #expect(ride.destination == (try RidePlaces.bondiBeach))
    #expect(ride.fare == wallaroo?.fare)
    #expect(ride.requestedAt == ride.updatedAt)
    let fetched = try await server.ride(ride.id, by: passenger)
    #expect(fetched.status == 200)
    #expect(try fetched.decode(Ride.self) == ride)
  }

  @Test("ride ids are random, not sequential")
  func idsAreRandom() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    var ids: Set<String> = []
    for _ in 0..<3 {
      let passenger = try await server.passenger()
      ids.insert(try await server.requestRide(passenger).id)
    }
    #expect(ids.count == 3)
    #expect(ids.allSatisfy { $0.count >= "ride_".count + 26 })
  }

  @Test("401 without a token, 403 passengers_only for a driver, before any body check")
  func authorizationComesFirst() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let driver = try await server.driver()
    let garbage = Data("{".utf8)
    let noToken = try await server.send("POST", "/v1/rides", body: garbage)
    let badToken = try await server.send("POST", "/v1/rides", body: garbage, token: "nope")
    let asDriver = try await server.send("POST", "/v1/rides", body: garbage, token: driver.token)
    #expect(
      [noToken.outcome, badToken.outcome, asDriver.outcome]
        == ["401 invalid_token", "401 invalid_token", "403 passengers_only"])
  }

  @Test("400 malformed_body, then 422 invalid_location, then 422 invalid_vehicle_type")
  func validationOrder() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let good: [String: Any] = ["latitude": -33.8, "longitude": 151.2]
    let far: [String: Any] = ["latitude": -91, "longitude": 151.2]
    let bodies: [[String: Any]] = [
      ["pickup": good, "destination": good],
      ["pickup": far, "destination": good, "vehicleType": 3],
      ["pickup": far, "destination": good, "vehicleType": "bus"],
      ["pickup": good, "destination": ["latitude": 0, "longitude": 181], "vehicleType": "bus"],
      ["pickup": good, "destination": good, "vehicleType": "bus"],
      ["pickup": good, "destination": good, "vehicleType": "Wallaby"],
    ]
    var outcomes: [String] = []
    for body in bodies {
      outcomes.append(
        try await server.send("POST", "/v1/rides", json: body, token: passenger.token).outcome)
    }
    #expect(
      outcomes == [
        "400 malformed_body", "400 malformed_body", "422 invalid_location",
        "422 invalid_location", "422 invalid_vehicle_type", "422 invalid_vehicle_type",
      ])
  }

  @Test("a second request while one is active is 409 ride_in_progress, but 422 comes first")
  func oneActiveRide() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let first = try await server.requestRide(passenger)
    let second = try await server.send(
      "POST", "/v1/rides",
      encoding: RideRequestBody(
        pickup: try RidePlaces.centralStation, destination: try RidePlaces.taronga,
        vehicleType: .kangaroo),
      token: passenger.token)
    let invalid = try await server.send(
      "POST", "/v1/rides",
      json: [
        "pickup": ["latitude": -33.8, "longitude": 151.2],
        "destination": ["latitude": -33.9, "longitude": 151.3], "vehicleType": "bus",
      ],
      token: passenger.token)
    #expect(second.outcome == "409 ride_in_progress")
    #expect(invalid.outcome == "422 invalid_vehicle_type")
    _ = try await server.step("cancel", first.id, by: passenger)
    let third = try await server.requestRide(passenger)
    #expect(third.id != first.id)
  }

  @Test("GET /v1/rides/{id} is 404 for other passengers, unassigned drivers and unknown ids")
  func othersGetNotFound() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    let stranger = try await server.passenger()
    let outcomes = [
      try await server.ride(ride.id, by: stranger).outcome,
      try await server.ride(ride.id, by: driver).outcome,
      try await server.ride("ride_UNKNOWN", by: passenger).outcome,
      try await server.send("GET", "/v1/rides/\(ride.id)").outcome,
    ]
    #expect(outcomes == ["404 not_found", "404 not_found", "404 not_found", "401 invalid_token"])
  }

  @Test("routing and size answer before authentication: 405, 404, 413")
  func routingAndSizeFirst() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let huge = Data(repeating: UInt8(ascii: " "), count: 70 * 1024)
    let outcomes = [
      try await server.send("DELETE", "/v1/rides/ride_X").outcome,
      try await server.send("POST", "/v1/rides/ride_X/fly").outcome,
      try await server.send("GET", "/v1/rides/ride_X/accept").outcome,
      try await server.send("POST", "/v1/rides", body: huge).outcome,
    ]
    #expect(
      outcomes == [
        "405 method_not_allowed", "404 not_found", "405 method_not_allowed",
        "413 body_too_large",
      ])
  }
}

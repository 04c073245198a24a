import Foundation
import RideModel
import Testing

@Suite("A ride's whole life: passenger and driver")
struct RideLifecycleTests {
  @Test("requested → queue → accepted → arrived → inProgress → completed, seen by both")
  func wholeLifecycle() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()

    let queue = try await server.send("GET", "/v1/driver/queue", token: driver.token)
    #expect(queue.status == 200)
    #expect(try queue.decode(RideListResponse.self).rides.map(\.id) == [ride.id])

    var passengerSaw: [RideStatus] = [ride.status]
    var driverGot: [RideStatus] = []
    var drivers: [String?] = []
    for step in ["accept", "arrive", "start", "complete"] {
      let moved = try await server.steps([step], ride.id, by: driver)
      driverGot.append(moved.status)
      let seen = try await server.ride(ride.id, by: passenger).decode(Ride.self)
      passengerSaw.append(seen.status)
      drivers.append(seen.driverId)
      #expect(seen == moved)
    }
    #expect(driverGot == [.accepted, .arrived, .inProgress, .completed])
    #expect(passengerSaw == [.requested, .accepted, .arrived, .inProgress, .completed])
    #expect(drivers == Array(repeating: driver.id, count: 4))

    let afterwards = try await server.send("GET", "/v1/driver/queue", token: driver.token)
    #expect(try afterwards.decode(RideListResponse.self).rides.isEmpty)
    let receipt = try await server.receipt(ride.id, by: passenger)
    #expect(receipt.status == 200)
    #expect(try receipt.decode(Receipt.self).rideId == ride.id)
    // The ride is over, so the passenger may ask for another.
    _ = try await server.requestRide(passenger)
  }

  @Test("the queue is for drivers only, and lists waiting rides oldest first")
  func queueOrderAndRole() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let driver = try await server.driver()
    var requested: [String] = []
    var passengers: [RideTestAccount] = []
    for _ in 0..<3 {
      let passenger = try await server.passenger()
      passengers.append(passenger)
      requested.append(try await server.requestRide(passenger).id)
    }
    _ = try await server.steps(["accept"], requested[1], by: driver)
    let queue = try await server.send("GET", "/v1/driver/queue", token: driver.token)
    #expect(try queue.decode(RideListResponse.self).rides.map(\.id) == [requested[0], requested[2]])
    let asPassenger = try await server.send("GET", "/v1/driver/queue", token: passengers[0].token)
    let anonymous = try await server.send("GET", "/v1/driver/queue")
    #expect([asPassenger.outcome, anonymous.outcome] == ["403 drivers_only", "401 invalid_token"])
  }

  @Test("steps out of order are 409 invalid_transition and change nothing")
  func outOfOrderSteps() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    _ = try await server.steps(["accept"], ride.id, by: driver)
    var outcomes: [String] = []
    for step in ["start", "complete", "accept"] {
      outcomes.append(try await server.step(step, ride.id, by: driver).outcome)
    }
    _ = try await server.steps(["arrive"], ride.id, by: driver)
    for step in ["arrive", "complete", "accept"] {
      outcomes.append(try await server.step(step, ride.id, by: driver).outcome)
    }
    _ = try await server.steps(["start", "complete"], ride.id, by: driver)
    for step in ["accept", "arrive", "start", "complete"] {
      outcomes.append(try await server.step(step, ride.id, by: driver).outcome)
    }
    #expect(outcomes == Array(repeating: "409 invalid_transition", count: 10))
    #expect(try await server.ride(ride.id, by: passenger).decode(Ride.self).status == .completed)
  }

  @Test("passengers get 403 drivers_only on every driver step")
  func passengersCannotDrive() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    var outcomes: [String] = []
    for step in ["accept", "arrive", "start", "complete"] {
      outcomes.append(try await server.step(step, ride.id, by: passenger).outcome)
      outcomes.append(try await server.send("POST", "/v1/rides/\(ride.id)/\(step)").outcome)
    }
    #expect(
      outcomes == Array(
        repeating: ["403 drivers_only", "401 invalid_token"], count: 4
      ).flatMap { $0 })
  }

  @Test("another driver's ride: accept is 409 already_accepted, other steps and GET are 404")
  func anotherDriversRide() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    let rival = try await server.driver()
    let ride = try await server.requestRide(passenger)
    let unassigned = try await server.step("arrive", ride.id, by: rival).outcome
    _ = try await server.steps(["accept"], ride.id, by: driver)
    var outcomes = [unassigned]
    for step in ["accept", "arrive", "start", "complete"] {
      outcomes.append(try await server.step(step, ride.id, by: rival).outcome)
    }
    outcomes.append(try await server.ride(ride.id, by: rival).outcome)
    outcomes.append(try await server.step("accept", "ride_UNKNOWN", by: rival).outcome)
    #expect(
      outcomes == [
        "404 not_found", "409 already_accepted", "404 not_found", "404 not_found",
        "404 not_found", "404 not_found", "404 not_found",
      ])
    #expect(try await server.ride(ride.id, by: driver).decode(Ride.self).status == .accepted)
  }
}

import Foundation
import RideModel
import Testing

@Suite("POST /v1/rides/{id}/cancel")
struct RideCancelTests {
  @Test("the passenger cancels a requested ride, which leaves the queue")
  func cancelRequested() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    let cancelled = try await server.steps(["cancel"], ride.id, by: passenger)
    #expect(cancelled.status == .cancelled)
    #expect(cancelled.driverId == nil)
    #expect(cancelled.updatedAt >= ride.updatedAt)
    let queue = try await server.send("GET", "/v1/driver/queue", token: driver.token)
    #expect(try queue.decode(RideListResponse.self).rides.isEmpty)
    let lateAccept = try await server.step("accept", ride.id, by: driver)
    #expect(lateAccept.outcome == "409 invalid_transition")
  }

  @Test("the passenger cancels an accepted ride; the driver can no longer move it")
  func cancelAccepted() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    _ = try await server.steps(["accept"], ride.id, by: driver)
    let cancelled = try await server.steps(["cancel"], ride.id, by: passenger)
    #expect(cancelled.status == .cancelled)
    #expect(cancelled.driverId == driver.id)
    let lateArrive = try await server.step("arrive", ride.id, by: driver)
    #expect(lateArrive.outcome == "409 invalid_transition")
  }

  @Test("cancelling once the driver arrived, after completion, or twice is 409")
  func cancelTooLate() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    var outcomes: [String] = []
    let fullTrip = ["accept", "arrive", "start", "complete"]
    for reached in 2...4 {
      let ride = try await server.requestRide(passenger)
      _ = try await server.steps(Array(fullTrip.prefix(reached)), ride.id, by: driver)
      outcomes.append(try await server.step("cancel", ride.id, by: passenger).outcome)
      // Finish the ride so the passenger may request the next one.
      if reached < fullTrip.count {
        _ = try await server.steps(Array(fullTrip.dropFirst(reached)), ride.id, by: driver)
      }
    }
    let again = try await server.requestRide(passenger)
    _ = try await server.steps(["cancel"], again.id, by: passenger)
    outcomes.append(try await server.step("cancel", again.id, by: passenger).outcome)
    #expect(outcomes == Array(repeating: "409 invalid_transition", count: 4))
  }

  @Test("anyone but its passenger gets 404, its driver included")
  func onlyThePassenger() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    let stranger = try await server.passenger()
    _ = try await server.steps(["accept"], ride.id, by: driver)
    let outcomes = [
      try await server.step("cancel", ride.id, by: stranger).outcome,
      try await server.step("cancel", ride.id, by: driver).outcome,
      try await server.step("cancel", "ride_UNKNOWN", by: passenger).outcome,
      try await server.send("POST", "/v1/rides/\(ride.id)/cancel").outcome,
    ]
    #expect(outcomes == ["404 not_found", "404 not_found", "404 not_found", "401 invalid_token"])
    #expect(try await server.ride(ride.id, by: passenger).decode(Ride.self).status == .accepted)
  }
}

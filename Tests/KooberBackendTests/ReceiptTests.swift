import Foundation
import RideModel
import Testing

@Suite("GET /v1/rides/{id}/receipt")
struct ReceiptTests {
  @Test(
    "durationMinutes runs from start to complete, rounded up",
    arguments: [(0.0, 0), (0.5, 1), (60, 1), (61, 2), (600, 10), (3_599.999, 60)])
  func durationRoundsUp(seconds: TimeInterval, minutes: Int) async throws {
    let server = try TestBackend.rides()
    let clock = server.clock
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    clock.advance(by: 300)  // the wait before the start does not count
    _ = try await server.steps(["accept", "arrive", "start"], ride.id, by: driver)
    clock.advance(by: seconds)
    _ = try await server.steps(["complete"], ride.id, by: driver)
    let answer = try await server.receipt(ride.id, by: passenger)
    #expect(answer.status == 200)
    #expect(try answer.decode(Receipt.self).durationMinutes == minutes)
  }

  @Test("the receipt has the ride's fare, the great-circle distance and the completion time")
  func receiptFields() async throws {
    let server = try TestBackend.rides()
    let clock = server.clock
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    let ride = try await server.requestRide(
      passenger, from: try RidePlaces.centralStation, to: try RidePlaces.taronga,
      vehicle: .kangaroo)
    _ = try await server.steps(["accept", "arrive", "start"], ride.id, by: driver)
    clock.advance(by: 1_234)
    let completed = try await server.steps(["complete"], ride.id, by: driver)
    let answer = try await server.receipt(ride.id, by: passenger)
    let receipt = try answer.decode(Receipt.self)
    let kilometres = try RidePlaces.centralStation.distanceKilometers(to: try RidePlaces.taronga)
    #expect(
      receipt
        == (try Receipt(
          rideId: ride.id, fare: ride.fare, distanceKm: kilometres, durationMinutes: 21,
          completedAt: clock.now)))
    #expect(completed.updatedAt == clock.now)
    #expect(kilometres > 4 && kilometres < 7)
  }

  @Test("409 not_completed until the ride is completed, cancelled rides included")
  func notCompleted() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    var outcomes: [String] = []
    let ride = try await server.requestRide(passenger)
    for step in ["accept", "arrive", "start"] {
      outcomes.append(try await server.receipt(ride.id, by: passenger).outcome)
      _ = try await server.steps([step], ride.id, by: driver)
    }
    outcomes.append(try await server.receipt(ride.id, by: passenger).outcome)
    _ = try await server.steps(["complete"], ride.id, by: driver)
    let cancelled = try await server.requestRide(passenger)
    _ = try await server.steps(["cancel"], cancelled.id, by: passenger)
    outcomes.append(try await server.receipt(cancelled.id, by: passenger).outcome)
    #expect(outcomes == Array(repeating: "409 not_completed", count: 5))
  }

  @Test("only its passenger gets the receipt: 404 for its driver and everyone else")
  func onlyThePassenger() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let (passenger, driver, ride) = try await server.requestedRide()
    let stranger = try await server.passenger()
    _ = try await server.steps(["accept", "arrive", "start", "complete"], ride.id, by: driver)
    let path = "/v1/rides/\(ride.id)/receipt"
    let outcomes = [
      try await server.send("GET", path, token: driver.token).outcome,
      try await server.send("GET", path, token: stranger.token).outcome,
      try await server.send("GET", "/v1/rides/ride_UNKNOWN/receipt", token: passenger.token)
        .outcome,
      try await server.send("GET", path).outcome,
      try await server.send("GET", path, token: passenger.token).outcome,
    ]
    #expect(
      outcomes == ["404 not_found", "404 not_found", "404 not_found", "401 invalid_token", "200"])
  }

  @Test("the receiptFailure hook answers 500 for the rides it picks and only those")
  func injectedFailures() async throws {
    let failing = FailingRides()
    let server = try TestBackend.rides { $0.receiptFailure = { failing.contains($0) } }
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    var rides: [String] = []
    for _ in 0..<3 {
      let ride = try await server.requestRide(passenger)
      _ = try await server.steps(["accept", "arrive", "start", "complete"], ride.id, by: driver)
      rides.append(ride.id)
    }
    failing.insert(rides[1])
    var outcomes: [String] = []
    for id in rides {
      outcomes.append(try await server.receipt(id, by: passenger).outcome)
    }
    #expect(outcomes == ["200", "500 internal_error", "200"])
  }
}

/// The ride ids a test wants receipts to fail for, filled after the rides exist.
final class FailingRides: @unchecked Sendable {
  // Guarded by `lock`; every access takes it.
  private let lock = NSLock()
  private var ids: Set<String> = []

  func insert(_ id: String) {
    lock.lock()
    defer { lock.unlock() }
    ids.insert(id)
  }

  func contains(_ id: String) -> Bool {
    lock.lock()
    defer { lock.unlock() }
    return ids.contains(id)
  }
}

import DatabaseClient
import Foundation
import RideModel
import Testing

@Suite("Demo mode's simulated driver")
struct SimulatedDriverTests {
  /// Polls a ride until it reaches `status` or `timeout` passes; every distinct status seen,
  /// in order.
  private func follow(
    _ rideID: String, on server: TestBackend, as passenger: RideTestAccount,
    until status: RideStatus, timeout: TimeInterval
  ) async throws -> (statuses: [RideStatus], last: Ride?) {
    let deadline = Date().addingTimeInterval(timeout)
    var statuses: [RideStatus] = []
    var last: Ride?
    while Date() < deadline {
      let ride = try await server.ride(rideID, by: passenger).decode(Ride.self)
      if statuses.last != ride.status { statuses.append(ride.status) }
      last = ride
      if ride.status == status { break }
      try await Task.sleep(nanoseconds: 20_000_000)
    }
    return (statuses, last)
  }

  @Test("a ride no driver takes is accepted, then moved step by step to completed")
  func takesARideToCompletion() async throws {
    let server = try TestBackend.rides {
      $0.demoMode = true
      $0.now = { Date() }  // the real clock: this one watches the intervals pass
      $0.simulatedAcceptDelay = 0.2
      $0.simulatedStepInterval = 0.15
    }
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    let (polled, last) = try await follow(
      ride.id, on: server, as: passenger, until: .completed, timeout: 60)
    let final = try #require(last)
    #expect(final.status == .completed)
    // Polling may miss a short-lived status, but never sees one out of order.
    let statuses = [ride.status] + polled.filter { $0 != ride.status }
    let order: [RideStatus] = [.requested, .accepted, .arrived, .inProgress, .completed]
    #expect(statuses == order.filter(statuses.contains))
    let driverID = try #require(final.driverId)
    #expect(driverID.hasPrefix("usr_"))
    let receipt = try await server.receipt(ride.id, by: passenger)
    #expect(receipt.status == 200)
    #expect(try receipt.decode(Receipt.self).durationMinutes == 1)
  }

  /// A demo backend on the test's hand-moved clock; its rounds run every 10 ms of real time.
  private func demoOnClock() throws -> TestBackend {
    try TestBackend.rides {
      $0.demoMode = true
      $0.simulatedAcceptDelay = 10
      $0.simulatedStepInterval = 0.04
    }
  }

  @Test("it leaves alone a ride a real driver accepted, while taking another")
  func leavesRealDriversRides() async throws {
    let server = try demoOnClock()
    let clock = server.clock
    defer { server.stop() }
    let passenger = try await server.passenger()
    let other = try await server.passenger()
    let driver = try await server.driver()
    let ride = try await server.requestRide(passenger)
    let unattended = try await server.requestRide(other)
    _ = try await server.steps(["accept"], ride.id, by: driver)
    clock.advance(by: 60)
    let (_, taken) = try await follow(
      unattended.id, on: server, as: other, until: .accepted, timeout: 60)
    try await Task.sleep(nanoseconds: 100_000_000)  // several more rounds
    let stored = try await server.ride(ride.id, by: passenger).decode(Ride.self)
    #expect(taken?.status == .accepted)
    #expect(taken?.driverId != nil && taken?.driverId != driver.id)
    #expect(stored.status == .accepted)
    #expect(stored.driverId == driver.id)
  }

  @Test("it waits for the accept delay of the backend's clock")
  func waitsForTheDelay() async throws {
    let server = try demoOnClock()
    let clock = server.clock
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    clock.advance(by: 9.9)
    try await Task.sleep(nanoseconds: 200_000_000)  // many rounds
    let waiting = try await server.ride(ride.id, by: passenger).decode(Ride.self)
    clock.advance(by: 0.1)
    let (_, taken) = try await follow(
      ride.id, on: server, as: passenger, until: .accepted, timeout: 60)
    #expect(waiting.status == .requested)
    #expect(taken?.status == .accepted)
    #expect(taken?.updatedAt == clock.now)
  }

  @Test("outside demo mode there is no simulated driver")
  func onlyInDemoMode() async throws {
    let server = try TestBackend.rides {
      $0.now = { Date() }
      $0.simulatedAcceptDelay = 0.05
      $0.simulatedStepInterval = 0.05
    }
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    try await Task.sleep(nanoseconds: 400_000_000)
    let stored = try await server.ride(ride.id, by: passenger).decode(Ride.self)
    #expect(stored.status == .requested)
  }

  @Test("the backend's stop() stops it")
  func stopsWithTheBackend() async throws {
    let server = try demoOnClock()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    server.backend.stop()
    server.clock.advance(by: 60)
    try await Task.sleep(nanoseconds: 300_000_000)  // some thirty rounds, were it running
    // The server is gone, so the file tells what the driver did after stop().
    let database = try Database(path: server.backend.databasePath)
    let row = try database.queryOne("SELECT status FROM rides WHERE id = ?", [ride.id])
    #expect(row?["status"] as String? == "requested")
  }

  @Test("its account cannot sign in, and no one can sign up with its email")
  func cannotSignIn() async throws {
    let server = try demoOnClock()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let ride = try await server.requestRide(passenger)
    server.clock.advance(by: 10)
    let (_, taken) = try await follow(
      ride.id, on: server, as: passenger, until: .accepted, timeout: 60)
    let driverID = try #require(taken?.driverId)
    var outcomes: [String] = []
    for password in ["", "passw0rd!", "simulated"] {
      let answer = try await server.signIn("simulated-driver@koober", password: password)
      outcomes.append(answer.outcome)
    }
    let signUp = try await server.signUp("simulated-driver@koober", type: "driver")
    outcomes.append(signUp.outcome)
    #expect(
      outcomes == [
        "401 invalid_credentials", "401 invalid_credentials", "401 invalid_credentials",
        "422 invalid_email",
      ])
    // It is the account behind the accepted ride.
    let database = try Database(path: server.backend.databasePath)
    let row = try database.queryOne(
      "SELECT email, type FROM users WHERE id = ?", [driverID])
    #expect(row?["email"] as String? == "simulated-driver@koober")
    #expect(row?["type"] as String? == "driver")
  }
}

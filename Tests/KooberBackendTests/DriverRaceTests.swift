import Foundation
import RideModel
import Testing

@Suite("Drivers racing to accept")
struct DriverRaceTests {
  @Test("of drivers accepting one ride at once, exactly one gets 200", arguments: [2, 6])
  func exactlyOneWins(drivers count: Int) async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    var drivers: [RideTestAccount] = []
    for _ in 0..<count { drivers.append(try await server.driver()) }
    for _ in 0..<3 {
      let ride = try await server.requestRide(passenger)
      let answers = try await withThrowingTaskGroup(of: (String, APIResponse).self) { group in
        for driver in drivers {
          group.addTask { (driver.id, try await server.step("accept", ride.id, by: driver)) }
        }
        var answers: [(String, APIResponse)] = []
        for try await answer in group { answers.append(answer) }
        return answers
      }
      let winners = answers.filter { $0.1.status == 200 }
      #expect(winners.count == 1)
      #expect(answers.map(\.1.outcome).sorted()
        == ["200"] + Array(repeating: "409 already_accepted", count: count - 1))
      let stored = try await server.ride(ride.id, by: passenger).decode(Ride.self)
      #expect(stored.status == .accepted)
      #expect(stored.driverId == winners.first?.0)
      #expect(try winners.first?.1.decode(Ride.self) == stored)
      _ = try await server.steps(["cancel"], ride.id, by: passenger)
    }
  }

  @Test("a cancel racing an accept leaves one consistent outcome")
  func cancelRacesAccept() async throws {
    let server = try TestBackend.rides()
    defer { server.stop() }
    let passenger = try await server.passenger()
    let driver = try await server.driver()
    for _ in 0..<5 {
      let ride = try await server.requestRide(passenger)
      async let accept = server.step("accept", ride.id, by: driver)
      async let cancel = server.step("cancel", ride.id, by: passenger)
      let (accepted, cancelled) = try await (accept, cancel)
      let stored = try await server.ride(ride.id, by: passenger).decode(Ride.self)
      // The cancel always wins in the end (it is allowed from both requested and accepted);
      // the accept succeeds only if it came first.
      #expect(cancelled.status == 200)
      #expect(stored.status == .cancelled)
      #expect(accepted.outcome == "200" || accepted.outcome == "409 invalid_transition")
      #expect(stored.driverId == (accepted.status == 200 ? driver.id : nil))
    }
  }
}
